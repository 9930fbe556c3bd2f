// swift-tools-version: 6.1
//
// Benchmarks for Lookahead, kept in their own package so that the main build and CI stay fast.
// Run from this folder: `swift package benchmark` (or `swift package benchmark --target NAME`).
// Each target is one folder under Benchmarks/ with one `Benchmarks.swift` entry file.

import PackageDescription

let package = Package(
  name: "LookaheadBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "Lookahead", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
  ],
  targets: [
    // One line per benchmark target.
    benchmarkTarget("ReplayBenchmarks"),
    benchmarkTarget("ImportBenchmarks"),
    benchmarkTarget("PredictorBenchmarks"),
    benchmarkTarget("BaselineBenchmarks"),
    benchmarkTarget("MetricsBenchmarks"),
    benchmarkTarget("EvaluationBenchmarks"),
    benchmarkTarget("RuntimeBenchmarks"),
    benchmarkTarget("CInterfaceBenchmarks", also: [.product(name: "LookaheadC", package: "Lookahead")]),
    benchmarkTarget("TrainingBenchmarks"),
  ]
)

/// A package-benchmark executable target over the workbench and the runtime (`also`: more
/// products it measures).
func benchmarkTarget(_ name: String, also: [Target.Dependency] = []) -> Target {
  .executableTarget(
    name: name,
    dependencies: [
      .product(name: "Benchmark", package: "benchmark"),
      .product(name: "LookaheadKit", package: "Lookahead"),
      .product(name: "LookaheadRuntime", package: "Lookahead"),
    ] + also,
    path: "Benchmarks/\(name)",
    plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
  )
}
