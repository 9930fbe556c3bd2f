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
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.0"),
    // SHA-256 of dataset files for provenance (Docs/Performance.md).
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
  ],
  targets: [
    // MARK: - Public API

    /// What an app embeds: predictor implementations and the model-file decoder.
    /// Standard library and Foundation only.
    .target(name: "LookaheadRuntime"),

    /// The workbench: traces, importers, replay, catalog, metrics, evaluation, tuning, export.
    .target(
      name: "LookaheadKit",
      dependencies: [
        "LookaheadRuntime",
        "CLinearAlgebra",
        .product(name: "Numerics", package: "swift-numerics"),
        .product(name: "Collections", package: "swift-collections"),
        .product(name: "Algorithms", package: "swift-algorithms"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),

    /// The `lookahead` command-line tool: argument parsing and printing only.
    .executableTarget(
      name: "lookahead",
      dependencies: [
        "LookaheadKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: - Implementation details

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
    /// End-to-end tests that run the built `lookahead` binary and parse its output.
    .testTarget(name: "LookaheadCLITests", dependencies: ["lookahead", "LookaheadKit", "_LookaheadTestSupport"]),
  ]
)
