/*
 * An embedding of the Lookahead runtime in C, and a test of it (scripts/test-embedding).
 *
 *   lookahead-example-c VECTORS_DIR [PREDICT_CSV]
 *
 * 1. Loads VECTORS_DIR/lookahead.model from its bytes, as an app loads a bundled resource.
 * 2. Checks that the interface refuses bad input with a status code instead of trapping.
 * 3. Replays every VECTORS_DIR/ *.vectors stream (`lookahead export --vectors`) through the C
 *    interface and checks every answer against the file, to the bit.
 * 4. With PREDICT_CSV (the output of `lookahead predict --model VECTORS_DIR/lookahead.model TRACE`),
 *    checks that the replay-*.vectors stream's predictions equal that CSV's x, y and pressure
 *    columns, row by row, to the bit.
 *
 * Exit status 0 when everything matched, 1 otherwise. Plain C11 and POSIX (dirent).
 */
#include "lookahead.h"

#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LINE = 4096, MAX_FIELDS = 16 };

static int failures = 0;

static void fail(const char *where, long line, const char *what) {
  if (failures < 20) fprintf(stderr, "MISMATCH %s:%ld: %s\n", where, line, what);
  failures++;
}

/* A vectors number: shortest round-trip decimal (strtod reads it back exactly), or "-" (unknown). */
static double parse_number(const char *token) {
  if (strcmp(token, "-") == 0) return LOOKAHEAD_UNKNOWN;
  return strtod(token, NULL);
}

/* Same bits, or both unknown (NaN). */
static int same(double expected, double actual) {
  if (isnan(expected) || isnan(actual)) return isnan(expected) && isnan(actual);
  return memcmp(&expected, &actual, sizeof expected) == 0;
}

static int same_point(char **fields, const lookahead_point *point) {
  return same(parse_number(fields[0]), point->time) && same(parse_number(fields[1]), point->x) &&
         same(parse_number(fields[2]), point->y) && same(parse_number(fields[3]), point->pressure) &&
         same(parse_number(fields[4]), point->altitude) && same(parse_number(fields[5]), point->azimuth);
}

/* Splits a line at spaces, in place. */
static int split(char *line, char **fields) {
  int count = 0;
  for (char *token = strtok(line, " \n"); token && count < MAX_FIELDS; token = strtok(NULL, " \n"))
    fields[count++] = token;
  return count;
}

static void *read_file(const char *path, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  fseek(file, 0, SEEK_END);
  long length = ftell(file);
  fseek(file, 0, SEEK_SET);
  void *bytes = malloc(length > 0 ? (size_t)length : 1);
  *size = fread(bytes, 1, (size_t)length, file);
  fclose(file);
  return bytes;
}

/* The predictions of a replay stream, in order, for the comparison with `lookahead predict`. */
typedef struct {
  double time;
  int predicted;
  lookahead_point point;
} replay_answer;

/* Runs one vectors file; collects its predictions into `answers` when it is given. */
static long run_stream(const char *path, const lookahead_model *model, replay_answer **answers, size_t *answer_count) {
  FILE *file = fopen(path, "r");
  if (!file) { fail(path, 0, "cannot open"); return 0; }
  char line[MAX_LINE], message[256];
  char *fields[MAX_FIELDS];
  lookahead_point path_points[LOOKAHEAD_MAX_PATH_POINTS];
  lookahead_predictor *predictor = NULL;
  size_t capacity = 0;
  long line_number = 0, checks = 0;
  while (fgets(line, sizeof line, file)) {
    line_number++;
    if (line[0] == '#' || line[0] == '\n') continue;
    int count = split(line, fields);
    if (count == 0) continue;
    if (strcmp(fields[0], "scale") == 0) {
      lookahead_predictor_free(predictor);
      lookahead_status status = lookahead_predictor_create(model, parse_number(fields[1]), &predictor, message, sizeof message);
      if (status != LOOKAHEAD_OK) { fail(path, line_number, message); break; }
    } else if (strcmp(fields[0], "reset") == 0) {
      lookahead_predictor_reset(predictor);
    } else if (strcmp(fields[0], "sample") == 0 && count == 7) {
      /* Ignored samples (NaN, time going backwards) give an error code; the stream goes on. */
      lookahead_predictor_observe(predictor, parse_number(fields[1]), parse_number(fields[2]), parse_number(fields[3]),
                                  parse_number(fields[4]), parse_number(fields[5]), parse_number(fields[6]));
    } else if (strcmp(fields[0], "predict") == 0 && count >= 4) {
      double time = parse_number(fields[1]);
      lookahead_point point;
      lookahead_status status = lookahead_predictor_predict(predictor, time, &point);
      int expected_none = strcmp(fields[3], "none") == 0;
      checks++;
      if (expected_none != (status != LOOKAHEAD_OK)) fail(path, line_number, "prediction present where none was expected, or missing");
      else if (!expected_none && (count != 9 || !same_point(fields + 3, &point))) fail(path, line_number, "predicted point differs");
      if (answers) {
        if (*answer_count == capacity) {
          capacity = capacity ? 2 * capacity : 256;
          *answers = realloc(*answers, capacity * sizeof **answers);
        }
        (*answers)[(*answer_count)++] = (replay_answer){time, status == LOOKAHEAD_OK, point};
      }
    } else if (strcmp(fields[0], "path") == 0 && count == 6) {
      size_t written = 0;
      lookahead_predictor_predict_path(predictor, parse_number(fields[1]), parse_number(fields[2]), path_points,
                                       (size_t)strtoul(fields[3], NULL, 10), &written);
      size_t expected = (size_t)strtoul(fields[5], NULL, 10);
      checks++;
      if (written != expected) fail(path, line_number, "path length differs");
      for (size_t index = 0; index < expected; index++) {
        if (!fgets(line, sizeof line, file)) break;
        line_number++;
        count = split(line, fields);
        checks++;
        if (count != 7 || strcmp(fields[0], "point") != 0) { fail(path, line_number, "expected a point line"); break; }
        if (index < written && !same_point(fields + 1, &path_points[index])) fail(path, line_number, "path point differs");
      }
    } else {
      fail(path, line_number, "unknown line");
    }
  }
  lookahead_predictor_free(predictor);
  fclose(file);
  return checks;
}

/* `lookahead predict` CSV: stroke,frame,callback,newest,target,x,y,pressure (empty = none). */
static void compare_with_predict_csv(const char *csv_path, const replay_answer *answers, size_t answer_count) {
  FILE *file = fopen(csv_path, "r");
  if (!file) { fail(csv_path, 0, "cannot open"); return; }
  char line[MAX_LINE];
  long line_number = 0;
  size_t row = 0, equal = 0;
  while (fgets(line, sizeof line, file)) {
    line_number++;
    if (line[0] == '#' || strncmp(line, "stroke,", 7) == 0) continue;
    char *columns[8] = {0};
    int count = 0;
    for (char *cursor = line; count < 8; count++) {
      columns[count] = cursor;
      char *comma = strpbrk(cursor, ",\n");
      if (!comma) { count++; break; }
      int end = *comma == '\n';
      *comma = '\0';
      cursor = comma + 1;
      if (end) { count++; break; }
    }
    if (count < 8) { fail(csv_path, line_number, "expected 8 columns"); continue; }
    if (row >= answer_count) { fail(csv_path, line_number, "more rows than the replay stream has predictions"); break; }
    const replay_answer *answer = &answers[row++];
    int predicted = columns[5][0] != '\0';
    if (!same(strtod(columns[4], NULL), answer->time)) fail(csv_path, line_number, "presentation time differs");
    else if (predicted != answer->predicted) fail(csv_path, line_number, "prediction present in one, missing in the other");
    else if (predicted && !(same(strtod(columns[5], NULL), answer->point.x) && same(strtod(columns[6], NULL), answer->point.y) &&
                            same(columns[7][0] ? strtod(columns[7], NULL) : LOOKAHEAD_UNKNOWN, answer->point.pressure)))
      fail(csv_path, line_number, "x, y or pressure differs");
    else equal++;
  }
  fclose(file);
  if (row != answer_count) fail(csv_path, line_number, "fewer rows than the replay stream has predictions");
  printf("lookahead predict CSV: %zu of %zu rows equal to the bit\n", equal, answer_count);
}

/* Bad input gives a status code and a message, never a trap. */
static void check_refusals(const lookahead_model *model) {
  char message[64];
  lookahead_model *bad = NULL;
  static const char garbage[] = "not a model\n{}";
  if (lookahead_model_load_bytes(garbage, sizeof garbage - 1, &bad, message, sizeof message) != LOOKAHEAD_ERROR_NOT_A_MODEL_FILE ||
      bad != NULL || message[0] == '\0')
    fail("refusals", __LINE__, "garbage bytes are not refused as NOT_A_MODEL_FILE with a message");
  if (lookahead_model_load_file("/nonexistent/lookahead.model", &bad, message, sizeof message) != LOOKAHEAD_ERROR_UNREADABLE)
    fail("refusals", __LINE__, "a missing file is not UNREADABLE");
  if (lookahead_model_load_bytes(NULL, 10, &bad, NULL, 0) != LOOKAHEAD_ERROR_NULL_ARGUMENT)
    fail("refusals", __LINE__, "null bytes are not NULL_ARGUMENT");
  lookahead_predictor *predictor = NULL;
  if (lookahead_predictor_create(model, -1, &predictor, message, sizeof message) != LOOKAHEAD_ERROR_INVALID_SCALE || predictor)
    fail("refusals", __LINE__, "a negative scale is not INVALID_SCALE");
  if (lookahead_predictor_create(model, LOOKAHEAD_MODEL_UNIT, &predictor, message, sizeof message) != LOOKAHEAD_OK)
    fail("refusals", __LINE__, message);
  lookahead_point point;
  size_t written = 0;
  if (lookahead_predictor_observe(NULL, 0, 0, 0, 0, 0, 0) != LOOKAHEAD_ERROR_NULL_ARGUMENT ||
      lookahead_predictor_predict(predictor, 1, NULL) != LOOKAHEAD_ERROR_NULL_ARGUMENT ||
      lookahead_predictor_predict_path(predictor, 1, 0, NULL, 4, &written) != LOOKAHEAD_ERROR_NULL_ARGUMENT ||
      lookahead_predictor_reset(NULL) != LOOKAHEAD_ERROR_NULL_ARGUMENT)
    fail("refusals", __LINE__, "a null pointer is not NULL_ARGUMENT");
  if (lookahead_predictor_observe(predictor, NAN, 1, 1, LOOKAHEAD_UNKNOWN, LOOKAHEAD_UNKNOWN, LOOKAHEAD_UNKNOWN) != LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE ||
      lookahead_predictor_observe(predictor, 1, INFINITY, 1, 0.5, 1, 1) != LOOKAHEAD_ERROR_SAMPLE_NOT_FINITE)
    fail("refusals", __LINE__, "a NaN or infinite sample is not SAMPLE_NOT_FINITE");
  if (lookahead_predictor_observe(predictor, 2, 1, 1, 0.5, NAN, NAN) != LOOKAHEAD_OK ||
      lookahead_predictor_observe(predictor, 1, 1, 1, 0.5, NAN, NAN) != LOOKAHEAD_ERROR_TIME_BACKWARDS)
    fail("refusals", __LINE__, "time going backwards is not TIME_BACKWARDS");
  if (lookahead_predictor_predict(predictor, NAN, &point) != LOOKAHEAD_ERROR_TIME_NOT_FINITE)
    fail("refusals", __LINE__, "a NaN presentation time is not TIME_NOT_FINITE");
  if (strcmp(lookahead_status_name(LOOKAHEAD_ERROR_TIME_BACKWARDS), "LOOKAHEAD_ERROR_TIME_BACKWARDS") != 0)
    fail("refusals", __LINE__, "lookahead_status_name");
  lookahead_predictor_free(predictor);
  lookahead_predictor_free(NULL);
  lookahead_model_free(NULL);
}

static int ends_with(const char *text, const char *suffix) {
  size_t length = strlen(text), suffix_length = strlen(suffix);
  return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: %s VECTORS_DIR [PREDICT_CSV]\n", argv[0]);
    return 1;
  }
  char path[4096], message[512];
  snprintf(path, sizeof path, "%s/lookahead.model", argv[1]);
  size_t size = 0;
  void *bytes = read_file(path, &size);
  if (!bytes) { fprintf(stderr, "cannot read %s\n", path); return 1; }
  lookahead_model *model = NULL;
  lookahead_status status = lookahead_model_load_bytes(bytes, size, &model, message, sizeof message);
  free(bytes);
  if (status != LOOKAHEAD_OK) {
    fprintf(stderr, "%s: %s (%s)\n", path, message, lookahead_status_name(status));
    return 1;
  }
  check_refusals(model);

  DIR *folder = opendir(argv[1]);
  if (!folder) { fprintf(stderr, "cannot open %s\n", argv[1]); return 1; }
  replay_answer *answers = NULL;
  size_t answer_count = 0;
  int replay_streams = 0;
  for (struct dirent *entry; (entry = readdir(folder));) {
    if (!ends_with(entry->d_name, ".vectors")) continue;
    int is_replay = strncmp(entry->d_name, "replay-", 7) == 0;
    snprintf(path, sizeof path, "%s/%s", argv[1], entry->d_name);
    int before = failures;
    long checks = run_stream(path, model, is_replay ? &answers : NULL, &answer_count);
    replay_streams += is_replay;
    printf("%-40s %6ld checks, %s\n", entry->d_name, checks, failures == before ? "all equal to the bit" : "MISMATCHES");
  }
  closedir(folder);
  if (argc == 3) {
    if (replay_streams != 1) fail(argv[1], 0, "comparing with a CSV needs exactly one replay-*.vectors stream");
    else compare_with_predict_csv(argv[2], answers, answer_count);
  }
  free(answers);
  lookahead_model_free(model);
  printf("%s\n", failures == 0 ? "C example: all equal" : "C example: FAILED");
  return failures == 0 ? 0 : 1;
}
