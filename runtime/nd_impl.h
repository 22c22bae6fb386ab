/* nd_impl.h — what the tensor files of the runtime share and generated code
 * does not see: the strided iterator over one to four arrays broadcast
 * together, and the error helpers.
 *
 * The iterator works as numpy's inner-loop machinery does: the common shape
 * is coalesced (adjacent dimensions that are contiguous in every operand
 * merge into one), the last dimension becomes the inner loop, and the
 * caller's kernel runs once per inner row with a pointer and a byte stride
 * per operand. A kernel that sees stride == itemsize runs its contiguous
 * (vectorisable) path.
 */
#ifndef KILNRT_ND_IMPL_H
#define KILNRT_ND_IMPL_H

#include "ndarray.h"
#include "containers.h"

#define ND_MAXOPS 4

typedef struct NdIter {
  int nop;
  int ndim;                              /* outer dimensions after coalescing (the inner one excluded) */
  int64_t inner;                         /* length of the inner loop */
  int64_t istride[ND_MAXOPS];            /* inner byte stride per operand */
  int64_t shape[KR_MAXDIMS];             /* outer extents */
  int64_t strides[ND_MAXOPS][KR_MAXDIMS]; /* outer byte strides per operand */
  int64_t idx[KR_MAXDIMS];
  char *ptr[ND_MAXOPS];                  /* current row start per operand */
  char *base[ND_MAXOPS];
  int64_t outer;                         /* number of inner rows */
  bool started;
} NdIter;

/* Set up iteration of shape[ndim] over ops (each broadcast to it: strides
 * of a missing or length-1 dimension are 0; ops' ndim <= ndim, aligned at
 * the right). The operands' data pointers are used as given. */
void nd_iter_init(NdIter *it, int ndim, const int64_t *shape, int nop, KrArray *const *ops);
/* The next inner row: sets it->ptr; false when done. Call first before the
 * first row. */
bool nd_iter_next(NdIter *it);

/* The broadcast shape of a and b (numpy's rules) into out; returns its ndim,
 * or -1 with ValueError ("operands could not be broadcast together with
 * shapes (2,3) (4,) "). */
int nd_broadcast_shape(int na, const int64_t *sa, int nb, const int64_t *sb, int64_t *out);
/* "(2,3)" as numpy writes shapes in messages, into buf. */
void nd_shape_str(char *buf, size_t cap, int ndim, const int64_t *shape);

/* A new C-contiguous array of dtype dt, its items not initialised: for a
 * result the caller writes completely (kr_array_new zeroes). */
KrArray *nd_empty(KrDtype dt, int ndim, const int64_t *shape);
/* The array a converted to dtype dt, C-contiguous: a new reference to a
 * itself when it already is both. */
KrArray *nd_as(KrArray *a, KrDtype dt);
/* A new C-contiguous array of dtype dt with a's items converted (astype). */
KrArray *nd_copy(KrArray *a, KrDtype dt);
/* An array of the given shape that reads x through zero strides (x is a
 * 0-d array). */
KrArray *nd_broadcast_to(KrArray *a, int ndim, const int64_t *shape);

/* A shape or axes argument: an int, or a tuple or list of ints, into out
 * (KR_MAXDIMS room); returns how many, or -1 + TypeError/ValueError. */
int nd_shape_arg(KrObj *o, int64_t *out);

/* Normalise an axis for an array of ndim dimensions (negative counts from
 * the end); -1 + numpy's AxisError message on failure. */
int nd_axis(int64_t axis, int ndim);

#endif
