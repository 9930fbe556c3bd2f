/*
 * lookahead.h: the C interface to the Lookahead runtime (Docs/Runtime.md, "A C or C++ app").
 *
 * Plain C99, no Swift: include it from C, C++ or any language with a C foreign-function interface,
 * and link the shared library libLookaheadC (.so / .dylib; `swift build --product LookaheadC`) or
 * the static libLookaheadCStatic.a (`--product LookaheadCStatic`, plus the Swift runtime
 * libraries and swiftrt.o). The functions are the Swift runtime's own (`LookaheadModel`,
 * `PointerPredictor`) behind `@_cdecl` wrappers (Sources/LookaheadC), so a model predicts through
 * this interface bit for bit as it does in a Swift app and in `lookahead predict`.
 *
 * Rules that hold for every function:
 * - Nothing traps: a null pointer, a NaN, an infinity or time going backwards gives a status code.
 * - Only lookahead_model_load_* and lookahead_predictor_create allocate; observing, predicting,
 *   predicting a path and resetting allocate nothing.
 * - A model is immutable: share it between threads. A predictor is one pointer's state: use it from
 *   one thread at a time. Free a predictor before (or after) its model: a predictor keeps what it
 *   needs and does not refer to the model.
 * - Times are seconds on one monotonic clock (only differences matter); positions are in the app's
 *   coordinates (see lookahead_predictor_create); pressure is 0...1; altitude and azimuth radians.
 *   LOOKAHEAD_UNKNOWN (NaN) marks a pen property the device does not report.
 */
#ifndef LOOKAHEAD_H
#define LOOKAHEAD_H

#include <math.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A loaded, checked model file. Opaque; free with lookahead_model_free. */
typedef struct lookahead_model lookahead_model;

/** The predictor of one pointer (one finger or pen). Opaque; free with lookahead_predictor_free. */
typedef struct lookahead_predictor lookahead_predictor;

/**
 * What a call did. 0 is success, 1 is "no prediction" (not an error: draw the newest sample),
 * negative values are errors. lookahead_status_name gives each code's name.
 */
typedef enum lookahead_status {
  LOOKAHEAD_OK = 0,
  /** The predictor declined: warm-up, a gate (speed floor, turn, stroke end), or no sample yet. */
  LOOKAHEAD_NO_PREDICTION = 1,

  /** A required pointer argument was null. Nothing was changed. */
  LOOKAHEAD_ERROR_NULL_ARGUMENT = -1,
  /** The sample's time, x or y is NaN or infinite; it was ignored. */
  LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE = -2,
  /** The sample's time is earlier than the newest sample's; it was ignored. */
  LOOKAHEAD_ERROR_TIME_BACKWARDS = -3,
  /** The sample is finite in app coordinates but overflows in the model's unit; it was ignored. */
  LOOKAHEAD_ERROR_SAMPLE_OUT_OF_RANGE = -4,
  /** The presentation time is NaN or infinite. */
  LOOKAHEAD_ERROR_TIME_NOT_FINITE = -5,

  /** The model file could not be read (missing, permissions). */
  LOOKAHEAD_ERROR_UNREADABLE = -10,
  /** The bytes are not a Lookahead model file (first line). */
  LOOKAHEAD_ERROR_NOT_A_MODEL_FILE = -11,
  /** The file's format version is not this runtime's; export the model again. */
  LOOKAHEAD_ERROR_UNSUPPORTED_VERSION = -12,
  /** The file is damaged: its CRC-32 does not match. */
  LOOKAHEAD_ERROR_CHECKSUM_MISMATCH = -13,
  /** The JSON body is malformed; the message names the JSON path. */
  LOOKAHEAD_ERROR_MALFORMED = -14,
  /** The file names a predictor family this runtime does not know. */
  LOOKAHEAD_ERROR_UNKNOWN_PREDICTOR = -15,
  /** A parameter is out of its range; the message names it. */
  LOOKAHEAD_ERROR_INVALID_PARAMETER = -16,
  /** points_per_millimetre is negative, NaN or infinite (or makes the scale overflow). */
  LOOKAHEAD_ERROR_INVALID_SCALE = -17,
  /** The model's unit has no known size in millimetres: create the predictor with 0 (model unit). */
  LOOKAHEAD_ERROR_UNKNOWN_MODEL_UNIT = -18
} lookahead_status;

/** Where the pointer is predicted to be. Unknown pen properties are LOOKAHEAD_UNKNOWN (NaN). */
typedef struct lookahead_point {
  double time;     /* seconds, the samples' clock */
  double x;        /* app coordinates */
  double y;
  double pressure; /* 0...1, or NaN */
  double altitude; /* radians, or NaN */
  double azimuth;  /* radians, or NaN */
} lookahead_point;

/** An unknown pen property (pressure, altitude, azimuth), in and out: a quiet NaN. */
#define LOOKAHEAD_UNKNOWN NAN

/** points_per_millimetre for an app that already works in the model's own unit. */
#define LOOKAHEAD_MODEL_UNIT 0.0

/** sample_interval_s for lookahead_predictor_predict_path: the model's digitizer period. */
#define LOOKAHEAD_MODEL_SAMPLE_INTERVAL 0.0

/** The most points lookahead_predictor_predict_path writes (a larger capacity is clamped). */
#define LOOKAHEAD_MAX_PATH_POINTS 64

/**
 * Loads a model from the bytes of a model file (for example a resource in an APK or a bundle).
 * On success *out_model is a new model; on failure it is left null and, when message is not null,
 * a NUL-terminated reason (truncated to message_capacity bytes) is written there.
 */
lookahead_status lookahead_model_load_bytes(const void *bytes, size_t byte_count,
                                            lookahead_model **out_model,
                                            char *message, size_t message_capacity);

/** Loads a model from a file path (UTF-8); as lookahead_model_load_bytes otherwise. */
lookahead_status lookahead_model_load_file(const char *path, lookahead_model **out_model,
                                           char *message, size_t message_capacity);

/** Frees a model (null is allowed and does nothing). */
void lookahead_model_free(lookahead_model *model);

/**
 * A fresh predictor for one pointer, in app coordinates with points_per_millimetre points per
 * millimetre (UIKit points on an 11" iPad Pro: about 5.2; Android px: xdpi / 25.4), or
 * LOOKAHEAD_MODEL_UNIT when the app's coordinates are the model's own unit. Make one per
 * simultaneous pointer. Errors as lookahead_model_load_bytes.
 */
lookahead_status lookahead_predictor_create(const lookahead_model *model, double points_per_millimetre,
                                            lookahead_predictor **out_predictor,
                                            char *message, size_t message_capacity);

/** Frees a predictor (null is allowed and does nothing). */
void lookahead_predictor_free(lookahead_predictor *predictor);

/** Forgets the stroke: call at every touch-down (pointer down), and after a cancelled stroke. */
lookahead_status lookahead_predictor_reset(lookahead_predictor *predictor);

/**
 * Takes the next sample of the stroke, coalesced samples one by one in time order. Pass
 * LOOKAHEAD_UNKNOWN for a property the device does not report. A sample with a non-finite
 * time or position, or one earlier than the newest, is ignored and its error returned; the
 * predictor carries on. A sample at the same time as the newest is a re-report and is taken.
 */
lookahead_status lookahead_predictor_observe(lookahead_predictor *predictor, double time_s,
                                             double x, double y, double pressure,
                                             double altitude, double azimuth);

/**
 * Where the pointer will be at presentation_time_s (the frame's target presentation time, on the
 * samples' clock): LOOKAHEAD_OK and *out_point, or LOOKAHEAD_NO_PREDICTION (draw the newest
 * sample) with *out_point untouched. A time at or before the newest sample gives the newest
 * (filtered) position.
 */
lookahead_status lookahead_predictor_predict(const lookahead_predictor *predictor,
                                             double presentation_time_s,
                                             lookahead_point *out_point);

/**
 * The predicted path from the newest sample to presentation_time_s: points at newest + dt,
 * newest + 2 dt, ... strictly before the presentation time, then one at the presentation time
 * itself, as many as fit in `capacity` (the last slot is kept for the presentation-time point;
 * at most LOOKAHEAD_MAX_PATH_POINTS). dt is sample_interval_s, or the model's digitizer period
 * for LOOKAHEAD_MODEL_SAMPLE_INTERVAL; a negative or NaN dt (or a model that does not know its
 * rate) writes only the presentation-time point. Stops where the predictor declines.
 * *out_count is how many points were written; LOOKAHEAD_NO_PREDICTION when none.
 */
lookahead_status lookahead_predictor_predict_path(const lookahead_predictor *predictor,
                                                  double presentation_time_s, double sample_interval_s,
                                                  lookahead_point *points, size_t capacity,
                                                  size_t *out_count);

/** The status code's name ("LOOKAHEAD_OK", ...); "LOOKAHEAD_UNKNOWN_STATUS" for other values. */
const char *lookahead_status_name(lookahead_status status);

#ifdef __cplusplus
}
#endif

#endif /* LOOKAHEAD_H */
