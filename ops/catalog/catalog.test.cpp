// The operator catalog (spec/opsets.md, O1-O4): facts of ONNX's changelog and the resolution built on them.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "ops/catalog/catalog.hpp"
#include "ops/registry.hpp"
#include "semantics/fixpoint.hpp"
#include "values/ir.hpp"

using namespace onnxsem;
using V = std::vector<int64_t>;

namespace {
// An operator table that knows ONNX's catalog and implements nothing: enough to observe resolution.
class CatalogOnly final : public OperatorTable {
 public:
  [[nodiscard]] std::vector<int64_t> defined_versions(std::string_view d, std::string_view op) const override {
    return ops::onnx_defined_versions(d, op);
  }
  [[nodiscard]] const Kernel* kernel(std::string_view, std::string_view, int64_t) const override { return nullptr; }
  [[nodiscard]] bool nondeterministic(std::string_view, std::string_view) const override { return false; }
};

Node node(std::string op, std::string domain = "") {
  return Node{std::string("n"), std::move(op), std::move(domain), {}, {}, {}};
}

int64_t since(const std::string& op, int64_t imported, const std::string& domain = "") {
  CatalogOnly t;
  return resolve(t, {{domain, imported}}, node(op, domain)).since_version;
}
}  // namespace

TEST_CASE("[O4] default-domain operators carry ONNX's since-versions") {
  CHECK(ops::onnx_defined_versions("", "Softmax") == V{1, 11, 13});
  CHECK(ops::onnx_defined_versions("", "ReduceSum") == V{1, 11, 13});
  CHECK(ops::onnx_defined_versions("", "ReduceMax") == V{1, 11, 12, 13, 18, 20});
  CHECK(ops::onnx_defined_versions("", "Add") == V{1, 6, 7, 13, 14});
  CHECK(ops::onnx_defined_versions("", "Pad") == V{1, 2, 11, 13, 18, 19, 21, 23, 24, 25});
  CHECK(ops::onnx_defined_versions("", "Acos") == V{7, 22});
  CHECK(ops::onnx_defined_versions("", "GroupNormalization") == V{18, 21});
  CHECK(ops::onnx_defined_versions("", "NoSuchOperator").empty());
  // Operators ONNX is case sensitive about: "softmax" is not "Softmax".
  CHECK(ops::onnx_defined_versions("", "softmax").empty());
}

TEST_CASE("[O4] operators of the newest opsets are listed") {
  CHECK(ops::onnx_defined_versions("", "Attention") == V{23, 24, 25});
  CHECK(ops::onnx_defined_versions("", "RMSNormalization") == V{23});
  CHECK(ops::onnx_defined_versions("", "RotaryEmbedding") == V{23});
  CHECK(ops::onnx_defined_versions("", "Swish") == V{24});
  CHECK(ops::onnx_defined_versions("", "TensorScatter") == V{24});
  CHECK(ops::onnx_defined_versions("", "BitCast") == V{26});
  CHECK(ops::onnx_defined_versions("", "CumProd") == V{26});
  CHECK(ops::onnx_defined_versions("", "Range") == V{11, 27});
  CHECK(ops::onnx_defined_versions("", "LinearAttention") == V{27});
  CHECK(ops::onnx_defined_versions("", "Celu") == V{12, 28});
  CHECK(ops::onnx_defined_versions("", "SwiGLU") == V{28});
}

TEST_CASE("[O4] opset 28 adds Celu and SwiGLU only") {
  // Regression: the catalog once listed version 28 of six operators that ONNX 1.23 (operator_sets.h, the
  // changelog, Operators.md) does not define.
  CHECK(ops::onnx_defined_versions("", "Cast") == V{1, 6, 9, 13, 19, 21, 23, 24, 25});
  CHECK(ops::onnx_defined_versions("", "Mod") == V{10, 13});
  CHECK(ops::onnx_defined_versions("", "Optional") == V{15});
  CHECK(ops::onnx_defined_versions("", "ReduceLogSum") == V{1, 11, 13, 18});
  CHECK(ops::onnx_defined_versions("", "ReduceLogSumExp") == V{1, 11, 13, 18});
  CHECK(ops::onnx_defined_versions("", "ReverseSequence") == V{10});
  CHECK(since("Mod", 28) == 13);
  CHECK(since("Cast", 28) == 25);
  CHECK(since("Attention", 28) == 25);
}

TEST_CASE("[O4] deprecated operators keep their versions") {
  CHECK(ops::onnx_defined_versions("", "Upsample") == V{1, 7, 9, 10});
  CHECK(ops::onnx_defined_versions("", "Scatter") == V{9, 11});
  CHECK(ops::onnx_defined_versions("ai.onnx.ml", "TreeEnsembleRegressor") == V{1, 3, 5});
  CHECK(ops::onnx_defined_versions("ai.onnx.ml", "TreeEnsembleClassifier") == V{1, 3, 5});
}

TEST_CASE("[O4] the other operator sets carry their own versions") {
  CHECK(ops::onnx_defined_versions("ai.onnx.ml", "LabelEncoder") == V{1, 2, 4});
  CHECK(ops::onnx_defined_versions("ai.onnx.ml", "TreeEnsemble") == V{5});
  CHECK(ops::onnx_defined_versions("ai.onnx.ml", "ZipMap") == V{1});
  CHECK(ops::onnx_defined_versions("ai.onnx.preview.training", "Adam") == V{1});
  CHECK(ops::onnx_defined_versions("ai.onnx.preview", "FlexAttention") == V{1});
  // An operator belongs to its domain only: no LabelEncoder in ai.onnx, no Add in ai.onnx.ml.
  CHECK(ops::onnx_defined_versions("", "LabelEncoder").empty());
  CHECK(ops::onnx_defined_versions("ai.onnx.ml", "Add").empty());
}

TEST_CASE("[O1] the highest since-version not above the imported version is used") {
  CHECK(since("Softmax", 1) == 1);
  CHECK(since("Softmax", 10) == 1);
  CHECK(since("Softmax", 11) == 11);
  CHECK(since("Softmax", 12) == 11);
  CHECK(since("Softmax", 13) == 13);
  CHECK(since("Softmax", 28) == 13);
  CHECK(since("Celu", 27) == 12);
  CHECK(since("Celu", 28) == 28);
  CHECK(since("LabelEncoder", 3, "ai.onnx.ml") == 2);
  CHECK(since("LabelEncoder", 5, "ai.onnx.ml") == 4);
}

TEST_CASE("[O1] an import below the first since-version leaves the operator undefined") {
  CatalogOnly t;
  auto r = resolve(t, {{"", 22}}, node("Attention"));
  REQUIRE(r.error.has_value());
  CHECK(r.error->clause == "W4");
  auto ok = resolve(t, {{"", 23}}, node("Attention"));
  CHECK(ok.since_version == 23);
  // Resolution succeeds; only the missing implementation is reported.
  REQUIRE(ok.error.has_value());
  CHECK(ok.error->clause == "U1");
}

TEST_CASE("[O2] \"ai.onnx\" and \"\" name one domain") {
  CHECK(normalise_domain("ai.onnx").empty());
  CHECK(normalise_domain("").empty());
  CHECK(normalise_domain("ai.onnx.ml") == "ai.onnx.ml");
  CHECK(ops::onnx_defined_versions("ai.onnx", "Softmax") == ops::onnx_defined_versions("", "Softmax"));
  REQUIRE(ops::onnx_domain_versions("ai.onnx").has_value());
  CHECK(ops::onnx_domain_versions("ai.onnx")->last == ops::onnx_domain_versions("")->last);
}

TEST_CASE("[O3] the published operator sets and their version ranges") {
  auto def = ops::onnx_domain_versions("");
  REQUIRE(def.has_value());
  CHECK(def->first == 1);
  CHECK(def->last == 28);
  auto ml = ops::onnx_domain_versions("ai.onnx.ml");
  REQUIRE(ml.has_value());
  CHECK(ml->first == 1);
  CHECK(ml->last == 5);
  CHECK(ops::onnx_domain_versions("ai.onnx.preview.training")->last == 1);
  CHECK(ops::onnx_domain_versions("ai.onnx.preview")->last == 1);
  CHECK_FALSE(ops::onnx_domain_versions("com.microsoft").has_value());
  // ai.onnx.training has version 1 in every release since ONNX 1.7 (docs/Versioning.md) but no operator.
  REQUIRE(ops::onnx_domain_versions("ai.onnx.training").has_value());
  CHECK(ops::onnx_domain_versions("ai.onnx.training")->first == 1);
  CHECK(ops::onnx_domain_versions("ai.onnx.training")->last == 1);
  CHECK_FALSE(ops::onnx_domain_versions("ai.onnx.training.x").has_value());
}

TEST_CASE("[O3][O4] no listed since-version lies outside its operator set's published range") {
  // A sample across domains and opsets; every version of each must be within [first, last].
  const std::vector<std::pair<std::string, std::string>> sample = {{"", "Cast"},
                                                                   {"", "Constant"},
                                                                   {"", "Reshape"},
                                                                   {"", "SwiGLU"},
                                                                   {"", "ReduceLogSumExp"},
                                                                   {"", "Upsample"},
                                                                   {"ai.onnx.ml", "TreeEnsemble"},
                                                                   {"ai.onnx.ml", "LabelEncoder"},
                                                                   {"ai.onnx.preview.training", "Gradient"},
                                                                   {"ai.onnx.preview", "FlexAttention"}};
  for (const auto& [d, op_name] : sample) {
    const std::string& op = op_name;  // a plain variable: clang 14 cannot capture structured bindings
    CAPTURE(op);
    auto vs = ops::onnx_defined_versions(d, op);
    auto range = ops::onnx_domain_versions(d);
    REQUIRE(range.has_value());
    REQUIRE_FALSE(vs.empty());
    for (size_t i = 0; i < vs.size(); ++i) {
      CHECK(vs[i] >= range->first);
      CHECK(vs[i] <= range->last);
      if (i > 0) CHECK(vs[i - 1] < vs[i]);
    }
  }
}
