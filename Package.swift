// swift-tools-version: 6.1
//
// Lookahead: a touch- and stylus-prediction research workbench.
// Layout and the rule behind it are in ../shared/design/ARCHITECTURE.md: every exportable
// predictor lives once in LookaheadRuntime; the workbench (LookaheadKit) evaluates that very type.
// Benchmarks live in the nested package Benchmarks/ so that this build stays fast.

import PackageDescription

let package = Package(
  name: "Lookahead",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "LookaheadRuntime", targets: ["LookaheadRuntime"]),
    .library(name: "LookaheadKit", targets: ["LookaheadKit"]),
    .executable(name: "lookahead", targets: ["lookahead"]),
    /// The C interface (Sources/CLookahead/lookahead.h) as a shared and a static library.
    .library(name: "LookaheadC", type: .dynamic, targets: ["LookaheadC"]),
    .library(name: "LookaheadCStatic", type: .static, targets: ["LookaheadC"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.6.0"),
    // SHA-256 of dataset files for provenance (Docs/Performance.md).
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
  ],
  targets: [
    // MARK: - Public API

    /// What an app embeds: predictor implementations and the model-file decoder.
    /// Standard library and FoundationEssentials only; public API in API/LookaheadRuntime.txt.
    .target(name: "LookaheadRuntime"),

    /// The workbench: traces, importers, replay, catalog, metrics, evaluation, tuning, export.
    .target(
      name: "LookaheadKit",
      dependencies: [
        "LookaheadRuntime",
        "CLinearAlgebra",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      // The recorder page, compiled into the library so an installed binary can write it out.
      resources: [.embedInCode("Recorder/recorder.html")]
    ),

    /// The `lookahead` command-line tool: argument parsing and printing only.
    .executableTarget(
      name: "lookahead",
      dependencies: [
        "LookaheadKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    /// The C interface to the runtime: `@_cdecl` wrappers declared by the pure-C header in
    /// CLookahead (Docs/Runtime.md, "A C or C++ app").
    .target(name: "LookaheadC", dependencies: ["LookaheadRuntime", "CLookahead"]),

    // MARK: - Implementation details

    /// The C header `lookahead.h` (no Swift in it), as a module so LookaheadC implements its types.
    .systemLibrary(name: "CLookahead"),

    /// OpenBLAS (CBLAS) and LAPACKE from Debian's libopenblas-dev and liblapacke-dev.
    /// Debian's OpenBLAS carries no LAPACKE symbols, so the module map links liblapacke too.
    .systemLibrary(
      name: "CLinearAlgebra",
      pkgConfig: "openblas",
      providers: [.apt(["libopenblas-dev", "liblapacke-dev"])]
    ),

    /// Seeded generators, analytic motion, dataset locators and named tolerances for the tests.
    .target(name: "_LookaheadTestSupport", dependencies: ["LookaheadKit", "LookaheadRuntime"]),

    // MARK: - Unit test bundles

    .testTarget(
      name: "LookaheadRuntimeTests",
      dependencies: ["LookaheadRuntime", "_LookaheadTestSupport"]
    ),
    .testTarget(
      name: "LookaheadKitTests",
      dependencies: ["LookaheadKit", "LookaheadRuntime", "_LookaheadTestSupport"]
    ),
    .testTarget(
      name: "LookaheadCTests",
      dependencies: ["LookaheadC", "CLookahead", "LookaheadKit", "LookaheadRuntime", "_LookaheadTestSupport"]
    ),
    /// End-to-end tests that run the built `lookahead` binary and parse its output.
    .testTarget(name: "LookaheadCLITests", dependencies: ["lookahead", "LookaheadKit", "_LookaheadTestSupport"]),
  ]
)
