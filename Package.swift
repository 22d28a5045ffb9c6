// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Flick",
    products: [
        // MARK: - Products
        /// The platform-independent card engine, for any front end (a phone app, say).
        .library(name: "FlickEngine", targets: ["FlickEngine"]),
        /// Gestures, frame schedules and a frame driver for testing code built on FlickEngine.
        .library(name: "FlickEngineTesting", targets: ["FlickEngineTesting"]),
        /// What Flick's front ends show of an interaction: its summary, colours and demo.
        .library(name: "FlickFrontEnd", targets: ["FlickFrontEnd"]),
        /// The SDL2 desktop demo and its study tools.
        .executable(name: "flick", targets: ["flick"]),
        /// The window shell and the study tools as a library: `Flick.main()` runs them with the
        /// interactions registered (Examples/CoverFlow adds a sixth).
        .library(name: "FlickApp", targets: ["FlickApp"]),
        /// Quality tools kept out of the product: soak, fuzz.
        .executable(name: "flick-lab", targets: ["flick-lab"]),
        /// Render-path benchmarks of the demo (frame times against plain SDL, stalls, memory).
        .executable(name: "flick-bench", targets: ["flick-bench"]),
        /// Preloaded into flick by flick-bench to time the first present (not linked by flick).
        .library(name: "FlickPresentProbe", type: .dynamic, targets: ["FlickPresentProbe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `make docs`: FlickEngine's API documentation and articles (Sources/FlickEngine/FlickEngine.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // `flick window --phone`: the page, the card faces and the WebSocket the phone talks over.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        // MARK: - Engine (pure Swift: no SDL, no I/O, no clock)
        .target(
            name: "FlickEngine",
            dependencies: ["FlickMath"]
        ),
        /// The gesture synthesiser and frame driver (pure Swift too): tests, benchmarks, embedders.
        .target(name: "FlickEngineTesting", dependencies: ["FlickEngine"]),
        /// What a front end shows of an interaction (summary, colours, a demo), by its name:
        /// outside the engine, which keeps only what an interaction does.
        .target(name: "FlickFrontEnd", dependencies: ["FlickEngine"]),
        /// Scripted gestures played through the session core, for the soak, the bench and tests.
        .target(name: "FlickSessionTesting", dependencies: ["FlickSession", "FlickEngineTesting", "FlickEngine"]),

        // MARK: - Elementary functions: exp, log, sin, cos, pow, atan2 in pure Swift, no libm, so
        // that native and WebAssembly builds round alike (docs/math.md); no dependencies
        .target(name: "FlickMath"),

        // MARK: - Process and files: atomic outputs, output policy, line writers, folder names,
        // interrupts (Foundation and Glibc only; below everything that reads or writes files)
        .target(name: "FlickIO", dependencies: ["CSpawn"]),
        /// Children tied to their parent: fork, PR_SET_PDEATHSIG, exec (posix_spawn cannot set it).
        .target(name: "CSpawn"),

        // MARK: - SDL layer
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        /// Row-by-row PNG decoding with on-the-fly reduction (libpng, as SDL_image uses).
        .target(name: "CImageDecode", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),
        /// pixman, the CPU compositor of cards where no GPU draws (libpixman-1-dev).
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        /// SDL_RenderGeometryRaw made safe from the software triangle filler's integer overflow
        /// (the header says the exact precondition); every geometry call, ImGui's included, goes
        /// through it.
        .target(name: "CSafeGeometry", dependencies: ["CSDL2"]),
        .target(name: "FlickSDL", dependencies: ["CSDL2", "CImageDecode", "CPixman", "CSafeGeometry", "FlickEngine", "FlickIO"]),

        // MARK: - Tool UI: Dear ImGui from the system (libimgui-dev), behind a small C surface
        // (Sources/CImGuiBridge/include/CImGuiBridge.h says why C and not C++ interop).
        .systemLibrary(
            name: "CImGui",
            pkgConfig: "imgui",
            providers: [.apt(["libimgui-dev"])]
        ),
        /// Our C surface, plus ImGui 1.86's SDL_Renderer backend, which libimgui.a leaves out:
        /// backends/ holds its two files as Dear ImGui ships them, with its MIT licence; the .cpp
        /// is compiled through SDLRendererBackend.cpp (which says why), so excluded here.
        .target(
            name: "CImGuiBridge",
            dependencies: ["CImGui", "CSDL2", "CSafeGeometry"],
            exclude: ["backends/imgui_impl_sdlrenderer.cpp", "backends/LICENSE.txt", "backends/SOURCE.md"],
            linkerSettings: [.linkedLibrary("stdc++")]
        ),

        // MARK: - What a session is: the session core (SessionRunner), recording, log, config
        // file, time controls, tasks, metrics and the study, the sweep; no SDL, no command line
        .target(name: "FlickSession", dependencies: ["FlickEngine", "FlickIO"]),

        /// The stage as every picture of a session draws it (window, replay, export, sheets), on SDL.
        .target(name: "FlickStage", dependencies: ["FlickSession", "FlickSDL", "FlickEngine", "FlickFrontEnd", "FlickIO"]),

        /// What the command-line tools share: the commands' main, argument types, option groups.
        .target(name: "FlickCLI", dependencies: [
            "FlickIO", "FlickSession", "FlickEngine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // MARK: - The phone: a page served over HTTP and a WebSocket (Hummingbird), its protocol,
        // pairing token, clock mapping and limits; the app drives it, FlickSession never sees it
        /// libqrencode (libqrencode-dev): the phone's URL as a QR code.
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .target(
            name: "FlickPhone",
            dependencies: [
                "FlickEngine", "FlickSession", "FlickIO", "CQREncode",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ],
            resources: [.copy("Resources")]
        ),

        // MARK: - The study tools: report, study, plan, tune, compare, export and their pages; they
        // draw frames with SDL and FlickStage, and link neither Dear ImGui nor the window shell
        .target(
            name: "FlickStudy",
            dependencies: [
                "FlickEngine", "FlickIO", "FlickSDL", "FlickSession", "FlickStage", "FlickCLI", "FlickPhone",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - A study by link: `flick host` serves a plan to participants' own phones, whose
        // pages run the engine; their records come home over HTTP into exact sessions
        .target(
            name: "FlickHost",
            dependencies: [
                "FlickEngine", "FlickIO", "FlickSDL", "FlickSession", "FlickStage", "FlickCLI", "FlickPhone", "FlickStudy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
            ],
            resources: [.copy("Resources")]
        ),

        // MARK: - The app: the window shell, and `flick`, its main (with the study tools' commands)
        .target(
            name: "FlickApp",
            dependencies: [
                "FlickEngine", "FlickFrontEnd", "FlickIO", "FlickSDL", "FlickSession", "FlickStage", "FlickCLI", "CImGuiBridge", "FlickPhone",
                "FlickStudy", "FlickHost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "flick", dependencies: ["FlickApp"]),

        // MARK: - Quality tools: soak and fuzz (not shipped in flick, which links no FlickEngineTesting)
        .executableTarget(
            name: "flick-lab",
            dependencies: [
                "FlickEngine", "FlickEngineTesting", "FlickIO", "FlickSession", "FlickSessionTesting", "FlickCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        /// An SDL_RenderPresent that reports the first present and exits (LD_PRELOAD, for flick-bench).
        .target(name: "FlickPresentProbe", linkerSettings: [.linkedLibrary("dl")]),

        // MARK: - Benchmarks of the SDL front end (the engine's are in Benchmarks/)
        .executableTarget(
            name: "flick-bench",
            dependencies: [
                "FlickEngine", "FlickEngineTesting", "FlickFrontEnd", "FlickIO", "FlickSession", "FlickSessionTesting", "FlickSDL",
                "FlickCLI", "CSDL2", "FlickPhone",
                // The window's own frames (`AppFrames`), timed beside the card renderer and the baseline.
                "FlickApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // The phone part's scripted phone: a WebSocket client as the page is one.
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ]
        ),

        // MARK: - Tests
        .testTarget(
            name: "FlickEngineTests",
            dependencies: ["FlickEngine", "FlickEngineTesting", "FlickMath"],
            resources: [.copy("Fixtures")]
        ),
        /// An interaction written outside the engine, through its public API only.
        .testTarget(name: "FlickPluginTests", dependencies: ["FlickEngine", "FlickEngineTesting", "FlickFrontEnd"]),
        .testTarget(name: "FlickSDLTests", dependencies: ["FlickSDL", "FlickIO", "FlickEngine", "FlickEngineTesting", "CSDL2", "CSafeGeometry",
                                                          "CImageDecode"]),
        /// The session library on its own: recordings, looks, config files.
        .testTarget(name: "FlickSessionTests", dependencies: ["FlickSession", "FlickIO", "FlickStage", "FlickSDL", "FlickEngine"]),
        /// The app's tool UI (tuning panel, time controls, debug overlay), headless.
        .testTarget(name: "FlickAppTests", dependencies: ["FlickApp", "FlickFrontEnd", "FlickStudy", "FlickCLI", "FlickPhone", "FlickSession", "FlickIO", "FlickStage", "FlickSDL", "FlickEngine", "CSDL2"]),
        /// The phone's protocol, token, clock mapping and limits, and its server over loopback.
        .testTarget(name: "FlickHostTests", dependencies: ["FlickHost", "FlickPhone", "FlickSession", "FlickEngine", "FlickIO"]),
        .testTarget(name: "FlickPhoneTests", dependencies: ["FlickPhone", "FlickSession", "FlickEngine"]),
        /// FlickMath against glibc (10^6 inputs per function) and its special values.
        .testTarget(name: "FlickMathTests", dependencies: ["FlickMath"]),
        .testTarget(name: "FlickBenchTests", dependencies: ["flick-bench", "FlickIO", "FlickSDL", "FlickSession", "FlickEngine", "CSDL2"]),
    ],
    swiftLanguageModes: [.v6]
)
