// NonMaxSuppression (spec/ops-detection.md, TX40-TX43).
//
// For every batch b and class c, boxes whose score passes the threshold are visited by decreasing score
// (equal scores: lower box index first); a visited box is selected unless its IoU with a box already
// selected for (b, c) exceeds iou_threshold, until max_output_boxes_per_class boxes are selected.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "ops/common/attrs.hpp"
#include "ops/common/values.hpp"
#include "ops/registry.hpp"
#include "runtime/coverage.hpp"
#include "values/dispatch.hpp"

namespace onnxsem::ops {
namespace {

const std::string nms_op = "NonMaxSuppression";

struct Box {
  double x0, y0, x1, y1;  // x0 <= x1, y0 <= y1
};

// [spec:TX41] the box of four coordinates: corners [y1, x1, y2, x2] of either diagonal (center_point_box
// 0) or [x_center, y_center, width, height] (center_point_box 1), computed in binary64.
Box make_box(const float* p, bool center) {
  ONNXSEM_CLAUSE(TX41);
  if (center) {
    const double xc = p[0], yc = p[1], hw = static_cast<double>(p[2]) / 2, hh = static_cast<double>(p[3]) / 2;
    return {xc - hw, yc - hh, xc + hw, yc + hh};
  }
  return {std::min<double>(p[1], p[3]), std::min<double>(p[0], p[2]), std::max<double>(p[1], p[3]),
          std::max<double>(p[0], p[2])};
}

// [spec:TX41] suppression: the intersection is non-empty, both areas and the union are positive, and
// intersection / union > iou_threshold.
bool suppresses(const Box& a, const Box& b, double iou_threshold) {
  ONNXSEM_CLAUSE(TX41);
  const double ix = std::min(a.x1, b.x1) - std::max(a.x0, b.x0);
  const double iy = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
  if (!(ix > 0) || !(iy > 0)) return false;
  const double inter = ix * iy;
  const double area_a = (a.x1 - a.x0) * (a.y1 - a.y0), area_b = (b.x1 - b.x0) * (b.y1 - b.y0);
  const double uni = area_a + area_b - inter;
  if (!(area_a > 0) || !(area_b > 0) || !(uni > 0)) return false;
  return inter / uni > iou_threshold;
}

double scalar_float(const Tensor& t, const std::string& name, double absent) {
  if (t.dtype() != DType::float32)
    eval_error("TX40", nms_op + ": input " + name + " must be float, got " + dtype_name(t.dtype()));
  if (t.size() == 0) return absent;
  if (t.size() != 1)
    eval_error("TX40", nms_op + ": input " + name + " must hold one value, got shape " + show(t.shape()));
  return t.data<float>()[0];
}

std::vector<std::optional<Value>> nms(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& boxes = a.tensor(0);
  const Tensor& scores = a.tensor(1);
  const int64_t center = attr_int(a.node, "center_point_box", 0);
  // [spec:TX40] boxes [B, N, 4] and scores [B, C, N] of float; scalar limits; center_point_box 0 or 1.
  ONNXSEM_CLAUSE(TX40);
  if (center != 0 && center != 1)
    eval_error("TX40", nms_op + ": attribute center_point_box is " + std::to_string(center) + ", expected 0 or 1");
  if (boxes.dtype() != DType::float32 || scores.dtype() != DType::float32)
    eval_error("TX40", nms_op + ": boxes and scores must be float tensors");
  if (boxes.rank() != 3 || boxes.dim(2) != 4)
    eval_error("TX40", nms_op + ": boxes must have shape [B, N, 4], got " + show(boxes.shape()));
  if (scores.rank() != 3 || scores.dim(0) != boxes.dim(0) || scores.dim(2) != boxes.dim(1))
    eval_error("TX40", nms_op + ": scores must have shape [B, C, N] = [" + std::to_string(boxes.dim(0)) + ", C, " +
                           std::to_string(boxes.dim(1)) + "], got " + show(scores.shape()));
  int64_t max_out = 0;
  if (a.has_input(2)) {
    const Tensor& m = a.tensor(2);
    if (m.dtype() != DType::int64)
      eval_error("TX40", nms_op + ": input max_output_boxes_per_class must be int64, got " + dtype_name(m.dtype()));
    if (m.size() > 1)
      eval_error("TX40",
                 nms_op + ": input max_output_boxes_per_class must hold one value, got shape " + show(m.shape()));
    if (m.size() == 1) max_out = std::max<int64_t>(0, m.data<int64_t>()[0]);
  }
  const double iou = a.has_input(3) ? scalar_float(a.tensor(3), "iou_threshold", 0.0) : 0.0;
  if (!(iou >= 0 && iou <= 1))
    eval_error("TX40", nms_op + ": iou_threshold " + std::to_string(iou) + " is outside [0, 1]");
  std::optional<double> score_threshold;
  if (a.has_input(4) && a.tensor(4).size() != 0) score_threshold = scalar_float(a.tensor(4), "score_threshold", 0);

  const int64_t B = boxes.dim(0), N = boxes.dim(1), C = scores.dim(1);
  auto bd = boxes.data<float>();
  auto sd = scores.data<float>();
  std::vector<int64_t> selected;  // triples
  for (int64_t b = 0; b < B; ++b) {
    std::vector<Box> bx(static_cast<size_t>(N));
    for (int64_t i = 0; i < N; ++i)
      bx[static_cast<size_t>(i)] = make_box(&bd[static_cast<size_t>((b * N + i) * 4)], center == 1);
    for (int64_t c = 0; c < C; ++c) {
      const float* s = &sd[static_cast<size_t>((b * C + c) * N)];
      // [spec:TX42] candidates: scores strictly above score_threshold (all when absent), by decreasing
      // score, equal scores by increasing box index; NaN scores are never candidates.
      ONNXSEM_CLAUSE(TX42);
      std::vector<int64_t> cand;
      for (int64_t i = 0; i < N; ++i)
        if (!std::isnan(s[i]) && (!score_threshold || static_cast<double>(s[i]) > *score_threshold)) cand.push_back(i);
      std::stable_sort(cand.begin(), cand.end(), [&](int64_t p, int64_t q) { return s[p] > s[q]; });
      std::vector<int64_t> kept;
      for (int64_t i : cand) {
        if (static_cast<int64_t>(kept.size()) >= max_out) break;
        bool ok = true;
        for (int64_t k : kept)
          if (suppresses(bx[static_cast<size_t>(i)], bx[static_cast<size_t>(k)], iou)) {
            ok = false;
            break;
          }
        if (!ok) continue;
        kept.push_back(i);
        selected.insert(selected.end(), {b, c, i});
      }
    }
  }
  // [spec:TX43] one row [batch, class, box] per selected box, by batch, then class, then selection order.
  ONNXSEM_CLAUSE(TX43);
  const auto K = static_cast<int64_t>(selected.size() / 3);
  return {Value(Tensor::from_vector<int64_t>(cx, {K, 3}, selected))};
}

}  // namespace

// The detection family (spec/ops-detection.md). 11 states that the corners may be given as either diagonal;
// that reading serves 10 as well.
void add_detection(Registry& r) { r.add("", "NonMaxSuppression", {10, 11}, nms); }

}  // namespace onnxsem::ops
