import Foundation
import Testing

/// A training records the BLAS kernel its products ran on (`LinearAlgebraLibrary`): OpenBLAS picks
/// kernels per CPU, and other kernels add a product's terms in another order, so the same seed
/// trains other networks on another machine. `OPENBLAS_CORETYPE` chooses a kernel by name.
@Suite("train: the BLAS kernel is recorded")
struct TrainBLASKernelTests {
  @Test("Henze fold lines name the kernel, and another kernel trains another network from the same seed")
  func foldLinesNameTheKernel() throws {
    // 16 hidden units, so that the products are large enough for the kernels' orders to differ.
    let arguments = TrainHenzeFoldLinesTests.small.map { $0 == "2" ? "16" : $0 } + ["--henze-folds", "1", "--henze-fold-lines"]
    func fold(_ kernel: String) throws -> [String: Any] {
      let result = try DatasetsCommandTests.run(arguments, environment: ["OPENBLAS_CORETYPE": kernel])
      #expect(result.status == 0, "\(result.stderr)")
      return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }
    let (haswell, sandy) = (try fold("Haswell"), try fold("Sandybridge"))
    let haswellKernel = try #require(haswell["linearAlgebra"] as? String)
    #expect(haswellKernel.hasPrefix("OpenBLAS ") && haswellKernel.hasSuffix(", kernel Haswell"), "\(haswellKernel)")
    #expect((sandy["linearAlgebra"] as? String)?.hasSuffix(", kernel Sandybridge") == true)
    // Same seed, same options, other kernel: the summation order differs, so do the weights.
    #expect(haswell["validationErrors"] as? [Double] != sandy["validationErrors"] as? [Double])
  }

  @Test("a training's result records the kernel in its provenance settings")
  func trainResultRecordsTheKernel() throws {
    let result = try DatasetsCommandTests.run(
      ["train", "--family", "mlp", "--hidden", "2", "--epochs", "1", "--patience", "1", "--quiet", "--json", "--split", "holdout=0.25",
        "Henze2017-MobileHCI"],
      environment: ["OPENBLAS_CORETYPE": "Haswell"])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let provenance = try #require(report["provenance"] as? [String: Any])
    let settings = try #require(provenance["settings"] as? [String: String])
    #expect(settings["training.blas"]?.hasSuffix(", kernel Haswell") == true, "\(settings)")
  }
}
