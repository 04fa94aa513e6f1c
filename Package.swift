// swift-tools-version:6.1
// 6.1: the ParraModules plugin reads its target's folder (PackagePlugin's Target.directoryURL).
import PackageDescription

let package = Package(
    name: "Parra",
    products: [
        .library(name: "Parra", targets: ["Parra"]),
        .library(name: "ParraPluginKit", targets: ["ParraPluginKit"]),
        // `import SwiftUI` for code written against the Parra SDK: the app model re-exported.
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        // `import UIKit`, as the SDK's app delegates begin: the app model and Foundation.
        .library(name: "UIKit", targets: ["UIKit"]),
        .executable(name: "parra", targets: ["parra"]),
        .executable(name: "parra-bench", targets: ["parra-bench"]),
        .executable(name: "ParraDemoApp", targets: ["ParraDemoApp"]),
        // For an app target whose delegates implement lifecycle methods without `override`, as
        // code written for the SDK does: it finds them so that the host can call them.
        .plugin(name: "ParraDelegateMethods", targets: ["ParraDelegateMethods"]),
        // For an app's executable target: builds the first-party modules (and the libraries
        // they open) beside the app with the app's own `swift build` or `swift run`, without
        // linking them, and puts the target's Info.plist there.
        .plugin(name: "ParraModules", targets: ["ParraModules"]),
        // The feature modules: one shared object each, found in the build folder by discovery
        // and loaded by the host with dlopen.
        // Each product is the module's entry target, which brings in the module's code; tests
        // link the code without the entry, since every module defines the same entry symbol.
        .library(name: "ParraLogger", type: .dynamic, targets: ["ParraLoggerEntry"]),
        .library(name: "ParraLaunchScreen", type: .dynamic, targets: ["ParraLaunchScreenEntry"]),
        .library(name: "ParraWhatsNew", type: .dynamic, targets: ["ParraWhatsNewEntry"]),
        .library(name: "ParraPush", type: .dynamic, targets: ["ParraPushEntry"]),
        // ParraPush's session-bus code on libdbus, which the module opens with dlopen when it
        // first connects to a bus. Not `libParra*`: discovery passes it by.
        .library(name: "parra-push-dbus", type: .dynamic, targets: ["CParraPushDBus"]),
        // ParraPush's Web Push message encryption (RFC 8291) on libcrypto, which the module
        // opens with dlopen when it first makes keys or decrypts a message.
        .library(name: "parra-webpush", type: .dynamic, targets: ["CParraWebPush"]),
        // The logger's console formatting that needs corelibs Foundation (custom timestamp
        // patterns, condensed and pretty extras), which the logger module opens with dlopen when
        // a console format first needs it. Not `libParra*`: discovery passes it by.
        .library(name: "parra-logger-foundation", type: .dynamic, targets: ["ParraLoggerFoundation"]),
        // The API client's HTTP(S) transport on libcurl, which ParraAPI opens with dlopen only
        // for an HTTP(S) backend, so an app on the local backend never loads libcurl.
        // Not `libParra*`: discovery passes it by.
        .library(name: "parra-http", type: .dynamic, targets: ["CParraHTTP"]),
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
        .target(name: "CParraLogRoute", dependencies: ["CParraPlugin", "CParraCallNote"]),
        // The module runtime: loading, the host services, options, dispatch, commands. It knows
        // no feature: no option key, default or logic of any module.
        // Names the module call a crash or exit() ends the process in, from a signal handler.
        .target(name: "CParraCallNote"),
        // Locks and threads for the host and the modules alike, without corelibs Foundation.
        .target(name: "ParraSync"),
        // Small files read and folders listed with POSIX calls, for the host and the modules alike.
        .target(name: "ParraFileSystem"),
        // The facts the app, the host and the modules share (the log level, the calendar, the JSON
        // string escaper), compiled into each.
        .target(name: "ParraShared"),
        .target(
            name: "ParraRuntime",
            dependencies: [
                "CParraPlugin", "CFFI", "CParraLogRoute", "CParraCallNote", "ParraSync", "ParraFileSystem",
                "ParraShared",
            ]),
        // The Parra API client: transports, retries, auth, the local backend.
        .target(name: "ParraAPI", dependencies: ["ParraRuntime", "ParraFileSystem", "ParraShared"]),
        // libcurl from Debian's libcurl4-openssl-dev, for the HTTP(S) transport.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // The HTTP(S) transport's shared object, in C on libcurl: bodies capped as they arrive.
        .target(name: "CParraHTTP", dependencies: ["CCurl"]),
        // The UIKit/SwiftUI-shaped app model, the platforms and the app run with its launch.
        .target(
            name: "ParraAppModel", dependencies: ["ParraRuntime", "ParraAPI", "ParraFileSystem", "CParraCallNote"]),
        // What an app imports: the typed configuration, the logger, the `Parra` object, and
        // the app model re-exported. A file sees only the members of the modules it imports
        // itself, so one that imports FoundationEssentials cannot call into corelibs Foundation
        // through another file's or ParraAppModel's import of it.
        .target(
            name: "Parra",
            dependencies: [
                "ParraAppModel", "ParraRuntime", "ParraAPI", "CParraPlugin", "ParraFileSystem", "ParraSync",
                "ParraShared",
            ],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        .target(name: "ParraPluginKit", dependencies: ["CParraPlugin", "ParraSync", "ParraFileSystem", "ParraShared"]),
        // The SDK's NotificationCenter names, on Foundation, which both stand-ins re-export.
        .target(name: "ParraNotificationNames", dependencies: ["Parra", "ParraAppModel"]),
        .target(name: "SwiftUI", dependencies: ["ParraAppModel", "ParraNotificationNames"]),
        .target(name: "UIKit", dependencies: ["ParraAppModel", "ParraNotificationNames"]),
        // The documentation's three listings, each an app as the page prints it; ListingTests
        // runs them. The environments listing is built twice, once with its staging condition.
        .executableTarget(
            name: "ListingCustomDelegates", dependencies: ["Parra", "SwiftUI"], path: "Tests/Listings/CustomDelegates"),
        .executableTarget(name: "ListingWindows", dependencies: ["Parra", "SwiftUI"], path: "Tests/Listings/Windows"),
        .executableTarget(
            name: "ListingEnvironments", dependencies: ["Parra", "SwiftUI"], path: "Tests/Listings/Environments"),
        .executableTarget(
            name: "ListingEnvironmentsStaging", dependencies: ["Parra", "SwiftUI"],
            path: "Tests/Listings/EnvironmentsStaging",
            swiftSettings: [.define("MY_CUSTOM_STAGING_ENVIRONMENT_COMPILATION_CONDITION")]),
        .executableTarget(name: "parra", dependencies: ["Parra", "ParraRuntime", "CParraPushSupport"]),
        .executableTarget(
            name: "parra-bench",
            dependencies: [
                "Parra", "ParraRuntime", "ParraAPI", "ParraAppModel", "CParraPlugin", "CFFI", "ParraTestSupport",
                "CParraPushSupport", "CLibCrypto", "ParraSync",
            ]),
        .executableTarget(name: "parra-empty"),
        // The bench's reference: parra-empty linking Foundation (launch.foundation_process_ms).
        .executableTarget(name: "parra-empty-foundation"),
        // The delegate-method scan behind the ParraDelegateMethods build plugin.
        .executableTarget(name: "parra-delegate-methods"),
        .plugin(
            name: "ParraDelegateMethods", capability: .buildTool(), dependencies: ["parra-delegate-methods"],
            path: "Sources/ParraDelegateMethodsPlugin"),
        // The Info.plist copy and left-out modules behind the ParraModules build plugin.
        .executableTarget(name: "parra-app-layout"),
        .plugin(
            name: "ParraModules", capability: .buildTool(), dependencies: ["parra-app-layout"],
            path: "Sources/ParraModulesPlugin"),
        // The logger feature module and the bit of C it needs (thread names).
        .target(name: "CParraLoggerSupport", path: "Plugins/ParraLogger/CSupport"),
        .target(
            name: "ParraLogger",
            dependencies: ["ParraPluginKit", "CParraLoggerSupport", "ParraFileSystem", "ParraShared"],
            path: "Plugins/ParraLogger/Module"),
        .target(name: "ParraLoggerEntry", dependencies: ["ParraLogger"], path: "Plugins/ParraLogger/Entry"),
        // libparra-logger-foundation.so: the logger's formatting on Foundation only.
        .target(name: "ParraLoggerFoundation", path: "Plugins/ParraLogger/Foundation"),
        // A process that logs through the logger module until it is killed, for crash tests.
        .executableTarget(
            name: "ParraLoggerProbe", dependencies: ["Parra", "ParraRuntime", "ParraAPI", "ParraAppModel"],
            path: "Tests/Fixtures/ParraLoggerProbe"),
        // An app written as for the SDK, run in a process of its own, for the main-actor tests.
        .executableTarget(
            name: "MainActorProbe", dependencies: ["Parra", "ParraAppModel", "ParraRuntime"],
            path: "Tests/Fixtures/MainActorProbe"),
        .executableTarget(
            name: "ParraDemoApp", dependencies: ["Parra", "ParraAPI", "ParraAppModel", "ParraFileSystem"],
            path: "Sample/ParraDemoApp",
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")],
            plugins: ["ParraDelegateMethods", "ParraModules"]),
        .target(
            name: "ParraLaunchScreen", dependencies: ["CParraPlugin", "ParraPluginKit", "ParraFileSystem"],
            path: "Plugins/ParraLaunchScreen/Module"),
        .target(
            name: "ParraLaunchScreenEntry", dependencies: ["ParraLaunchScreen"], path: "Plugins/ParraLaunchScreen/Entry"
        ),
        .target(
            name: "ParraWhatsNew", dependencies: ["CParraPlugin", "ParraPluginKit"],
            path: "Plugins/ParraWhatsNew/Module"),
        .target(name: "ParraWhatsNewEntry", dependencies: ["ParraWhatsNew"], path: "Plugins/ParraWhatsNew/Entry"),
        // libdbus-1 from Debian's libdbus-1-dev, for the push module's session bus code.
        .systemLibrary(
            name: "CDBus", path: "Plugins/ParraPush/CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // The push module's C: the socket peer's credentials, and the loader of its D-Bus code.
        .target(name: "CParraPushSupport", path: "Plugins/ParraPush/CSupport"),
        // The D-Bus connection (the UnifiedPush connector, the distributor registration,
        // desktop notifications): libparra-push-dbus.so.
        .target(name: "CParraPushDBus", dependencies: ["CDBus"], path: "Plugins/ParraPush/Bus"),
        // libcrypto from Debian's libssl-dev, for Web Push encryption.
        .systemLibrary(
            name: "CLibCrypto", path: "Plugins/ParraPush/CLibCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        // Web Push encryption (RFC 8291, RFC 8188 aes128gcm): libparra-webpush.so.
        .target(name: "CParraWebPush", dependencies: ["CLibCrypto"], path: "Plugins/ParraPush/WebPush"),
        .target(
            name: "ParraPush",
            dependencies: ["CParraPlugin", "ParraPluginKit", "CParraPushSupport", "ParraFileSystem"],
            path: "Plugins/ParraPush/Module"),
        .target(name: "ParraPushEntry", dependencies: ["ParraPush"], path: "Plugins/ParraPush/Entry"),
        .target(
            name: "ParraTestFixtureSwiftModule", dependencies: ["ParraPluginKit"],
            path: "Tests/Fixtures/ParraTestFixtureSwiftModule"),
        .target(
            name: "ParraTestSupport", dependencies: ["Parra", "ParraRuntime", "ParraAPI", "ParraAppModel"],
            path: "Tests/ParraTestSupport"),
        .testTarget(
            name: "ParraABITests",
            dependencies: ["CParraPlugin", "Parra", "ParraRuntime", "ParraAPI", "ParraAppModel", "ParraTestSupport"]),
        .testTarget(
            name: "ParraHostTests",
            dependencies: ["Parra", "ParraRuntime", "ParraAPI", "ParraAppModel", "ParraTestSupport", "ParraFileSystem"]),
        .testTarget(
            name: "ParraPluginKitTests",
            dependencies: [
                "ParraPluginKit", "Parra", "ParraRuntime", "ParraAPI", "ParraAppModel", "ParraTestSupport",
                "ParraFileSystem",
            ]),
        .testTarget(name: "ParraCLITests", dependencies: ["ParraRuntime", "ParraTestSupport"]),
        .testTarget(
            name: "ParraAppModelTests",
            dependencies: [
                "Parra", "ParraRuntime", "ParraAPI", "ParraAppModel", "ParraTestSupport", "UIKit", "SwiftUI",
            ],
            plugins: ["ParraDelegateMethods"]),
        .testTarget(
            name: "ParraLoggerTests",
            dependencies: ["ParraLogger", "Parra", "ParraRuntime", "ParraAPI", "ParraAppModel", "ParraTestSupport"]),
        .testTarget(
            name: "ParraLaunchScreenTests",
            dependencies: [
                "ParraLaunchScreen", "ParraPluginKit", "Parra", "ParraRuntime", "ParraAPI", "ParraAppModel",
                "ParraTestSupport",
            ]),
        .testTarget(
            name: "ParraWhatsNewTests",
            dependencies: [
                "ParraWhatsNew", "ParraPluginKit", "Parra", "ParraRuntime", "ParraAPI", "ParraAppModel",
                "ParraTestSupport",
            ]),
        .testTarget(
            name: "ParraPushTests",
            dependencies: [
                "ParraPush", "ParraPluginKit", "Parra", "ParraRuntime", "ParraAPI", "ParraAppModel", "ParraTestSupport",
            ], plugins: ["ParraDelegateMethods"]),
    ],
    swiftLanguageModes: [.v6]
)

// Code generation for Parra's libraries and modules, where SwiftPM has no setting for it:
// - Concrete generic types' metadata comes from calling their accessors with the arguments and
//   conformances the compiler already knows, not from mangled names: the runtime then neither
//   demangles the names nor scans every image for the conformances on first use (4 M of the
//   sample launch's 26 M instructions up to its first frame).
// - Every function has a section of its own, so the linker's --gc-sections drops each one
//   nothing reaches (the sample's code 6% smaller); a module exports its entry points alone
//   (Plugins/module-exports.map), so the code of ParraPluginKit and ParraShared it never calls
//   goes too (modules 11-14% smaller); and release links fold functions of identical code
//   whose address nothing takes (--icf=safe, 4% more). Code the kernel maps a page cache folio
//   at a time is resident whether it runs or not: the sample's memory follows the size of its
//   binaries.
// - Release builds leave exclusivity unchecked at run time; debug builds, which the tests run,
//   keep the checks. Each access to a class's stored property took a check: 7% of a start with
//   100 waiting modules (0.93-0.99 to 0.85 ms).
// - Release builds optimize for size the code that runs once a launch or at a person's pace:
//   the app's model and delegates, the facade, the API client, and the modules other than the
//   logger. Their code is most of the sample's, and resident as it is mapped (above); the
//   runtime, the dispatch, the logger and the crypto stay optimized for speed. The sample's
//   peak 0.15-0.25 MiB lower, for 0.25 M more instructions to its first frame (of 19.5 M).
// SwiftPM takes these flags from the root package and from dependencies by path or branch (as
// `parra new` writes them); it refuses them only from a versioned dependency.
let sizeOptimizedTargets: Set = ["ParraAppModel", "Parra", "ParraAPI", "ParraLaunchScreen", "ParraWhatsNew", "ParraPush"]
for target in package.targets where target.type == .regular && !target.name.hasPrefix("C") {
    if sizeOptimizedTargets.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Osize"], .when(configuration: .release))]
    }
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags([
                "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                "-Xfrontend", "-function-sections",
            ]),
            .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
        ]
    target.linkerSettings =
        (target.linkerSettings ?? []) + [.unsafeFlags(["-Xlinker", "--icf=safe"], .when(configuration: .release))]
    if target.name.hasSuffix("Entry") {
        target.linkerSettings =
            (target.linkerSettings ?? []) + [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/module-exports.map"])
            ]
    }
}
