// swift-tools-version: 6.1
//
// Coverage-guided fuzzing (libFuzzer) of what reads untrusted bytes: every importer, the trace
// reader, the model loader, and what users write besides data (mapping files, device profiles,
// predictor specifications, tune journals). Its own package so that the main build never links
// a fuzzer.
// Build and run with `Fuzz/run.sh` (see Docs/Reliability.md).

import PackageDescription

let package = Package(
  name: "LookaheadFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Lookahead", path: "..")],
  targets: [
    // zlib's CRC-32, the model file's checksum, computed independently of the runtime's own.
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    .executableTarget(
      name: "LookaheadFuzz",
      dependencies: [
        "CZlib",
        .product(name: "LookaheadKit", package: "Lookahead"),
        .product(name: "LookaheadRuntime", package: "Lookahead"),
      ],
      // libFuzzer supplies `main`.
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
  ]
)
