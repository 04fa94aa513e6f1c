// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Parra",
    products: [
        .library(name: "Parra", targets: ["Parra"]),
        .library(name: "ParraPluginKit", targets: ["ParraPluginKit"]),
        .executable(name: "parra", targets: ["parra"]),
        .executable(name: "parra-bench", targets: ["parra-bench"]),
        .executable(name: "ParraDemoApp", targets: ["ParraDemoApp"]),
        // Feature modules: one dynamic library each, found in the build folder by discovery.
        .library(name: "ParraLaunchScreen", type: .dynamic, targets: ["ParraLaunchScreen"]),
        // A Swift module built only to exercise ParraPluginKit through the host in tests.
        // Its file name starts with `libParraTestFixture`, which discovery never picks up
        // from the build folder.
        .library(
            name: "ParraTestFixtureSwiftModule", type: .dynamic,
            targets: ["ParraTestFixtureSwiftModule"]),
    ],
    targets: [
        // The C ABI: the only contract between the host and a feature module.
        .target(name: "CParraPlugin"),
        // libffi from Debian's libffi-dev.
        .systemLibrary(name: "CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        // The host's log gate and sink table, in C so a filtered log call is one atomic load.
        .target(name: "CParraLogRoute", dependencies: ["CParraPlugin"]),
        .target(name: "Parra", dependencies: ["CParraPlugin", "CFFI", "CParraLogRoute"]),
        .target(name: "ParraPluginKit", dependencies: ["CParraPlugin"]),
        .executableTarget(name: "parra", dependencies: ["Parra"]),
        .executableTarget(
            name: "parra-bench", dependencies: ["Parra", "CParraPlugin", "CFFI", "ParraTestSupport"]),
        .executableTarget(name: "parra-empty"),
        .executableTarget(
            name: "ParraDemoApp", dependencies: ["Parra"], path: "Sample/ParraDemoApp"),
        .target(
            name: "ParraLaunchScreen", dependencies: ["CParraPlugin", "ParraPluginKit"], path: "Plugins/ParraLaunchScreen"),
        .target(
            name: "ParraTestFixtureSwiftModule", dependencies: ["ParraPluginKit"],
            path: "Tests/Fixtures/ParraTestFixtureSwiftModule"),
        .target(
            name: "ParraTestSupport", dependencies: ["Parra"], path: "Tests/ParraTestSupport"),
        .testTarget(name: "ParraABITests", dependencies: ["CParraPlugin", "Parra", "ParraTestSupport"]),
        .testTarget(name: "ParraHostTests", dependencies: ["Parra", "ParraTestSupport"]),
        .testTarget(name: "ParraPluginKitTests", dependencies: ["ParraPluginKit", "Parra", "ParraTestSupport"]),
        .testTarget(name: "ParraCLITests", dependencies: ["ParraTestSupport"]),
        .testTarget(name: "ParraAppModelTests", dependencies: ["Parra", "ParraTestSupport"]),
        .testTarget(
            name: "ParraLaunchScreenTests", dependencies: ["ParraLaunchScreen", "ParraPluginKit", "Parra", "ParraTestSupport"]),
        // The documentation's environments listing again, compiled with its staging condition.
        .testTarget(
            name: "ParraStagingTests", dependencies: ["Parra", "ParraTestSupport"],
            swiftSettings: [.define("MY_CUSTOM_STAGING_ENVIRONMENT_COMPILATION_CONDITION")]),
    ],
    swiftLanguageModes: [.v5]
)
