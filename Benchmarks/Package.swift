// swift-tools-version:6.1
// Flick's benchmarks: a package of their own, so `swift test` at the root never builds them.
// Run with `make bench` at the root, or `swift package benchmark` here.
import PackageDescription

let package = Package(
    name: "FlickBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "Flick", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FlickEngine", package: "Flick"),
                .product(name: "FlickEngineTesting", package: "Flick"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
