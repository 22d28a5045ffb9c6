// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Flick",
    products: [
        // MARK: - Products
        /// The platform-independent card engine, for any front end (a phone app, say).
        .library(name: "FlickEngine", targets: ["FlickEngine"]),
        /// The SDL2 desktop demo.
        .executable(name: "flick", targets: ["flick"]),
        /// Render-path benchmarks of the demo (frame times against plain SDL, stalls, memory).
        .executable(name: "flick-bench", targets: ["flick-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // MARK: - Engine (pure Swift: no SDL, no I/O, no clock)
        .target(
            name: "FlickEngine",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),

        // MARK: - SDL layer
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        .target(name: "FlickSDL", dependencies: ["CSDL2", "FlickEngine"]),

        // MARK: - The app
        .executableTarget(
            name: "flick",
            dependencies: [
                "FlickEngine", "FlickSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Benchmarks of the SDL front end (the engine's are in Benchmarks/)
        .executableTarget(
            name: "flick-bench",
            dependencies: [
                "FlickEngine", "FlickSDL", "CSDL2",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Tests
        .testTarget(
            name: "FlickEngineTests",
            dependencies: ["FlickEngine"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "FlickSDLTests", dependencies: ["FlickSDL", "FlickEngine", "CSDL2"]),
        .testTarget(name: "FlickBenchTests", dependencies: ["flick-bench", "FlickSDL", "FlickEngine", "CSDL2"]),
    ],
    swiftLanguageModes: [.v6]
)
