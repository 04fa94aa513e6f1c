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
        // The feature modules: one shared object each, found in the build folder by discovery
        // and loaded by the host with dlopen.
        // Each product is the module's entry target, which brings in the module's code; tests
        // link the code without the entry, since every module defines the same entry symbol.
        .library(name: "ParraLogger", type: .dynamic, targets: ["ParraLoggerEntry"]),
        .library(name: "ParraLaunchScreen", type: .dynamic, targets: ["ParraLaunchScreenEntry"]),
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
        // The logger feature module and the bit of C it needs (thread names).
        .target(name: "CParraLoggerSupport", path: "Plugins/ParraLogger/CSupport"),
        .target(
            name: "ParraLogger", dependencies: ["ParraPluginKit", "CParraLoggerSupport"],
            path: "Plugins/ParraLogger/Module"),
        .target(name: "ParraLoggerEntry", dependencies: ["ParraLogger"], path: "Plugins/ParraLogger/Entry"),
        // A process that logs through the logger module until it is killed, for crash tests.
        .executableTarget(
            name: "ParraLoggerProbe", dependencies: ["Parra"], path: "Tests/Fixtures/ParraLoggerProbe"),
        .executableTarget(
            name: "ParraDemoApp", dependencies: ["Parra"], path: "Sample/ParraDemoApp"),
        .target(
            name: "ParraLaunchScreen", dependencies: ["CParraPlugin", "ParraPluginKit"],
            path: "Plugins/ParraLaunchScreen/Module"),
        .target(
            name: "ParraLaunchScreenEntry", dependencies: ["ParraLaunchScreen"], path: "Plugins/ParraLaunchScreen/Entry"),
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
        .testTarget(name: "ParraLoggerTests", dependencies: ["ParraLogger", "Parra", "ParraTestSupport"]),
        .testTarget(
            name: "ParraLaunchScreenTests", dependencies: ["ParraLaunchScreen", "ParraPluginKit", "Parra", "ParraTestSupport"]),
        // The documentation's environments listing again, compiled with its staging condition.
        .testTarget(
            name: "ParraStagingTests", dependencies: ["Parra", "ParraTestSupport"],
            swiftSettings: [.define("MY_CUSTOM_STAGING_ENVIRONMENT_COMPILATION_CONDITION")]),
    ],
    swiftLanguageModes: [.v5]
)
