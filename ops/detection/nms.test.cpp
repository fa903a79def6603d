// Tests of NonMaxSuppression (spec/ops-detection.md, TX40-TX43).
#include "ops/common/testing.hpp"
#include "ops/registry.hpp"

using namespace onnxsem;
using ops::testing::attr_i, ops::testing::clause_of, ops::testing::make_node, ops::testing::shape_of,
    ops::testing::vals;
using I = std::vector<int64_t>;

namespace {
constexpr ops::testing::FamilyRun<ops::add_detection> run{};
Tensor f32(Shape s, std::vector<float> v) { return ops::testing::tf(std::move(s), std::move(v)); }
std::vector<std::optional<Value>> nms(const Tensor& boxes, const Tensor& scores, std::optional<int64_t> max_out,
                                      std::optional<float> iou, std::optional<float> score, int64_t center = 0,
                                      int64_t version = 11) {
  std::vector<std::optional<Value>> in{Value(boxes), Value(scores)};
  in.push_back(max_out ? std::optional<Value>(Value(Tensor::scalar<int64_t>(test_context(), *max_out))) : std::nullopt);
  in.push_back(iou ? std::optional<Value>(Value(f32({1}, {*iou}))) : std::nullopt);
  in.push_back(score ? std::optional<Value>(Value(f32({1}, {*score}))) : std::nullopt);
  return run(make_node("NonMaxSuppression", {attr_i("center_point_box", center)}), version, in);
}
// Six unit squares in one column: [0,0]-[1,1] and shifted ones.
const Tensor six = f32({1, 6, 4}, {0, 0,  1, 1,  0, 0.1f,  1, 1.1f,  0, -0.1f, 1, 0.9f,
                                   0, 10, 1, 11, 0, 10.1f, 1, 11.1f, 0, 100,   1, 101});
const Tensor six_scores = f32({1, 1, 6}, {0.9f, 0.75f, 0.6f, 0.95f, 0.5f, 0.3f});
}  // namespace

TEST_CASE("[TX42] [TX43] selection by score with IoU suppression and the output limit") {
  auto r = nms(six, six_scores, 3, 0.5f, 0.0f);
  CHECK(shape_of(r[0]) == Shape{3, 3});
  CHECK(vals<int64_t>(r[0]) == I{0, 0, 3, 0, 0, 0, 0, 0, 5});
  r = nms(six, six_scores, 2, 0.5f, 0.0f);
  CHECK(vals<int64_t>(r[0]) == I{0, 0, 3, 0, 0, 0});
  // Score threshold is strict; 0.95 and 0.9 pass 0.75 but 0.75 does not.
  r = nms(six, six_scores, 10, 0.5f, 0.75f);
  CHECK(vals<int64_t>(r[0]) == I{0, 0, 3, 0, 0, 0});
  // Absent limit selects nothing; a negative one too.
  CHECK(shape_of(nms(six, six_scores, std::nullopt, 0.5f, 0.0f)[0]) == Shape{0, 3});
  CHECK(shape_of(nms(six, six_scores, -2, 0.5f, 0.0f)[0]) == Shape{0, 3});
  // Equal scores: lower box index first; identical boxes suppress each other.
  const Tensor same = f32({1, 3, 4}, {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1});
  r = nms(same, f32({1, 1, 3}, {0.5f, 0.7f, 0.7f}), 3, 0.5f, std::nullopt);
  CHECK(vals<int64_t>(r[0]) == I{0, 0, 1});
}

TEST_CASE("[TX42] [TX43] batches and classes are independent, in order") {
  const Tensor boxes = f32({2, 2, 4}, {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 5, 5, 6, 6});
  const Tensor scores = f32({2, 2, 2}, {0.1f, 0.2f, 0.4f, 0.3f, 0.5f, 0.6f, 0.6f, 0.5f});
  auto r = nms(boxes, scores, 5, 0.5f, std::nullopt, 0, 10);
  CHECK(vals<int64_t>(r[0]) == I{0, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 1});
}

TEST_CASE("[TX41] flipped corners, centre format, the strict IoU threshold and degenerate boxes") {
  // Box 1 is box 0 shifted by half: IoU = 0.5 / 1.5 = 1/3.
  const Tensor two = f32({1, 2, 4}, {0, 0, 1, 1, 1, 0.5f, 0, 1.5f});  // box 1 given by its other diagonal
  const Tensor sc = f32({1, 1, 2}, {0.9f, 0.8f});
  CHECK(vals<int64_t>(nms(two, sc, 2, 0.3f, std::nullopt)[0]) == I{0, 0, 0});
  CHECK(vals<int64_t>(nms(two, sc, 2, 0.34f, std::nullopt)[0]) == I{0, 0, 0, 0, 0, 1});
  // Centre format: centres (0.5,0.5) and (1,0.5), 1 x 1 boxes: the same pair.
  const Tensor centre = f32({1, 2, 4}, {0.5f, 0.5f, 1, 1, 1, 0.5f, 1, 1});
  CHECK(vals<int64_t>(nms(centre, sc, 2, 0.3f, std::nullopt, 1)[0]) == I{0, 0, 0});
  CHECK(vals<int64_t>(nms(centre, sc, 2, 0.34f, std::nullopt, 1)[0]) == I{0, 0, 0, 0, 0, 1});
  // IoU exactly 0.5 (boxes [0,2]x[0,1] and [0,1]x[0,1]: 1 / 2) is kept at threshold 0.5.
  const Tensor half = f32({1, 2, 4}, {0, 0, 1, 2, 0, 0, 1, 1});
  CHECK(vals<int64_t>(nms(half, sc, 2, 0.5f, std::nullopt)[0]) == I{0, 0, 0, 0, 0, 1});
  // A zero-area box never suppresses nor is suppressed, even at threshold 0.
  const Tensor flat = f32({1, 2, 4}, {0, 0, 1, 1, 0, 0, 0, 1});
  CHECK(vals<int64_t>(nms(flat, sc, 2, 0.0f, std::nullopt)[0]) == I{0, 0, 0, 0, 0, 1});
}

TEST_CASE("[TX40] malformed operands") {
  const Tensor sc = f32({1, 1, 2}, {0.9f, 0.8f});
  const Tensor two = f32({1, 2, 4}, {0, 0, 1, 1, 0, 0, 1, 1});
  CHECK(clause_of([&] { nms(f32({1, 2, 3}, {0, 0, 0, 0, 0, 0}), sc, 1, 0.5f, std::nullopt); }) == "TX40");
  CHECK(clause_of([&] { nms(two, f32({1, 1, 3}, {1, 2, 3}), 1, 0.5f, std::nullopt); }) == "TX40");
  CHECK(clause_of([&] { nms(two, sc, 1, 1.5f, std::nullopt); }) == "TX40");
  CHECK(clause_of([&] { nms(two, sc, 1, -0.1f, std::nullopt); }) == "TX40");
  CHECK(clause_of([&] { nms(two, sc, 1, 0.5f, std::nullopt, 2); }) == "TX40");
}
