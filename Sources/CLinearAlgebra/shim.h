// CBLAS and LAPACKE as shipped by Debian (libopenblas-dev, liblapacke-dev), and one vector helper.
#include <cblas.h>
#include <lapacke.h>

// Eight square roots in one vector instruction (IEEE, correctly rounded, the same bits as sqrt):
// Swift's squareRoot() on SIMD8<Double> goes lane by lane through libm's sqrt and its errno check,
// which made it a fifth of a single-precision training step (AdamOptimizer). Swift sees the
// vector type as SIMD8<Double>.
typedef double lookahead_double8 __attribute__((ext_vector_type(8)));
static inline lookahead_double8 lookahead_square_root8(lookahead_double8 v) { return __builtin_elementwise_sqrt(v); }
