// An embedding of the Lookahead runtime in C++, and a test of it (scripts/test-embedding).
//
//   lookahead-example-cpp REPLAY_VECTORS MODEL PREDICT_CSV
//
// Feeds the samples of a replayed trace (the inputs of a replay-*.vectors stream written by
// `lookahead export --vectors DIR --vectors-trace TRACE`; its expected answers are not read) to a
// predictor, asks for a point at every frame's presentation time as an app's frame callback does,
// and checks the answers against PREDICT_CSV, the output of `lookahead predict --model MODEL TRACE`:
// x, y and pressure equal to the bit. Exit status 0 when every row matched.
//
// The two small RAII classes below are what a C++ app would wrap lookahead.h in. C++17.
#include "lookahead.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace lookahead {

class Model {
 public:
  explicit Model(const std::string &path) {
    char message[512];
    lookahead_status status = lookahead_model_load_file(path.c_str(), &model_, message, sizeof message);
    if (status != LOOKAHEAD_OK) throw std::runtime_error(std::string(lookahead_status_name(status)) + ": " + message);
  }
  ~Model() { lookahead_model_free(model_); }
  Model(const Model &) = delete;
  Model &operator=(const Model &) = delete;
  const lookahead_model *get() const { return model_; }

 private:
  lookahead_model *model_ = nullptr;
};

/// One pointer's predictor. Observe and predict never allocate and never throw.
class Predictor {
 public:
  Predictor(const Model &model, double points_per_millimetre) {
    char message[512];
    lookahead_status status =
        lookahead_predictor_create(model.get(), points_per_millimetre, &predictor_, message, sizeof message);
    if (status != LOOKAHEAD_OK) throw std::runtime_error(std::string(lookahead_status_name(status)) + ": " + message);
  }
  ~Predictor() { lookahead_predictor_free(predictor_); }
  Predictor(const Predictor &) = delete;
  Predictor &operator=(const Predictor &) = delete;

  void reset() noexcept { lookahead_predictor_reset(predictor_); }
  lookahead_status observe(double time, double x, double y, double pressure, double altitude, double azimuth) noexcept {
    return lookahead_predictor_observe(predictor_, time, x, y, pressure, altitude, azimuth);
  }
  /// False when the predictor declines (draw the newest sample).
  bool predict(double presentation_time, lookahead_point &point) const noexcept {
    return lookahead_predictor_predict(predictor_, presentation_time, &point) == LOOKAHEAD_OK;
  }

 private:
  lookahead_predictor *predictor_ = nullptr;
};

}  // namespace lookahead

namespace {

double number(const std::string &token) { return token == "-" ? LOOKAHEAD_UNKNOWN : std::strtod(token.c_str(), nullptr); }

bool same(double expected, double actual) {
  if (std::isnan(expected) || std::isnan(actual)) return std::isnan(expected) && std::isnan(actual);
  return std::memcmp(&expected, &actual, sizeof expected) == 0;
}

struct Answer {
  double time;
  bool predicted;
  lookahead_point point;
};

/// Replays the inputs of a vectors stream: scale, reset, sample and predict lines.
std::vector<Answer> replay(const std::string &path, const lookahead::Model &model) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot open " + path);
  std::vector<Answer> answers;
  std::unique_ptr<lookahead::Predictor> predictor;
  for (std::string line; std::getline(file, line);) {
    std::istringstream words(line);
    std::string kind;
    words >> kind;
    if (kind != "scale" && kind != "reset" && kind != "sample" && kind != "predict") continue;
    if (kind != "scale" && !predictor) throw std::runtime_error(path + ": a '" + kind + "' line before the 'scale' line");
    if (kind == "scale") {
      std::string scale;
      words >> scale;
      predictor = std::make_unique<lookahead::Predictor>(model, number(scale));
    } else if (kind == "reset") {
      predictor->reset();
    } else if (kind == "sample") {
      std::string t, x, y, pressure, altitude, azimuth;
      words >> t >> x >> y >> pressure >> altitude >> azimuth;
      predictor->observe(number(t), number(x), number(y), number(pressure), number(altitude), number(azimuth));
    } else if (kind == "predict") {
      std::string t;
      words >> t;
      Answer answer{number(t), false, {}};
      answer.predicted = predictor->predict(answer.time, answer.point);
      answers.push_back(answer);
    }
  }
  return answers;
}

std::vector<std::string> csv_columns(const std::string &line) {
  std::vector<std::string> columns;
  std::string column;
  std::istringstream stream(line);
  while (std::getline(stream, column, ',')) columns.push_back(column);
  if (!line.empty() && line.back() == ',') columns.push_back("");
  return columns;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 4) {
    std::cerr << "usage: " << argv[0] << " REPLAY_VECTORS MODEL PREDICT_CSV\n";
    return 1;
  }
  try {
    lookahead::Model model(argv[2]);
    std::vector<Answer> answers = replay(argv[1], model);
    std::ifstream csv(argv[3]);
    if (!csv) throw std::runtime_error(std::string("cannot open ") + argv[3]);
    size_t row = 0, equal = 0, line_number = 0;
    for (std::string line; std::getline(csv, line);) {
      line_number++;
      if (line.empty() || line[0] == '#' || line.rfind("stroke,", 0) == 0) continue;
      std::vector<std::string> columns = csv_columns(line);
      if (columns.size() != 8 || row >= answers.size()) {
        std::cerr << "MISMATCH " << argv[3] << ":" << line_number << ": unexpected row\n";
        return 1;
      }
      const Answer &answer = answers[row++];
      bool predicted = !columns[5].empty();
      bool ok = same(number(columns[4]), answer.time) && predicted == answer.predicted &&
                (!predicted || (same(number(columns[5]), answer.point.x) && same(number(columns[6]), answer.point.y) &&
                                same(columns[7].empty() ? LOOKAHEAD_UNKNOWN : number(columns[7]), answer.point.pressure)));
      if (ok) equal++;
      else if (row - equal <= 20) std::cerr << "MISMATCH " << argv[3] << ":" << line_number << "\n";
    }
    std::cout << "C++ example: " << equal << " of " << answers.size() << " frames equal to the bit"
              << (row == answers.size() ? "" : " (row count differs)") << "\n";
    return equal == answers.size() && row == answers.size() ? 0 : 1;
  } catch (const std::exception &error) {
    std::cerr << "error: " << error.what() << "\n";
    return 1;
  }
}
