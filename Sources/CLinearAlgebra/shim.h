// CBLAS and LAPACKE as shipped by Debian (libopenblas-dev, liblapacke-dev).
#include <cblas.h>
#include <lapacke.h>
