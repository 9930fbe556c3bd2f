import CLinearAlgebra

/// The BLAS this process runs its matrix products on, as a result records it.
///
/// Debian's OpenBLAS is built with `DYNAMIC_ARCH`: at load time it picks kernels for the CPU (or
/// the kernel `OPENBLAS_CORETYPE` names), and kernels for different CPUs add a product's terms in
/// different orders. Adam from the same seed then follows another path, so a training gives the
/// same bits for a given seed, thread count **and kernel**, not on every machine: the Henze 2017
/// fold 1 of session 16 (mean early-stopping error 19.75 px) is 19.54 px under the `Cooperlake`
/// kernel and 19.75 again with `OPENBLAS_CORETYPE=Haswell` (Docs/Results.md).
public enum LinearAlgebraLibrary {
  /// `OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH … kernel Cooperlake`: the build and the kernel in use.
  public static let description: String = {
    let configuration = openblas_get_config().map { String(cString: $0) } ?? "unknown BLAS"
    let kernel = openblas_get_corename().map { String(cString: $0) } ?? "unknown"
    return "\(configuration), kernel \(kernel)"
  }()

  /// The provenance setting that records ``description`` in a training's result.
  public static let provenanceKey = "training.blas"
}
