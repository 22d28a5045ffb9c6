// swift-tools-version:6.0
import PackageDescription

// A sixth interaction written outside Flick, as an embedder would: a cover flow. It depends on
// Flick as a package (by path, here in Flick's own repository) and adds nothing under Flick's
// Sources/: the interaction, its config section and its tests are here, and `coverflow` is
// Flick's window shell (the FlickApp library) with the cover flow registered.
let package = Package(
    name: "CoverFlow",
    products: [
        .library(name: "CoverFlow", targets: ["CoverFlow"]),
        .executable(name: "coverflow", targets: ["coverflow"]),
    ],
    dependencies: [
        .package(name: "Flick", path: "../.."),
    ],
    targets: [
        .target(name: "CoverFlow", dependencies: [
            .product(name: "FlickEngine", package: "Flick"), .product(name: "FlickFrontEnd", package: "Flick"),
        ]),
        .executableTarget(name: "coverflow", dependencies: ["CoverFlow", .product(name: "FlickApp", package: "Flick")]),
        .testTarget(name: "CoverFlowTests", dependencies: [
            "CoverFlow", .product(name: "FlickEngine", package: "Flick"), .product(name: "FlickEngineTesting", package: "Flick"),
            .product(name: "FlickFrontEnd", package: "Flick"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
