// Test helpers of the elementwise family: the shared ones of ops/common/testing.hpp, and Call, which builds a
// node, calls the kernel add_elementwise registers and reads the one result.
#pragma once

#include <limits>

#include "ops/common/testing.hpp"
#include "values/numeric.hpp"

namespace ewt {
using namespace onnxsem;

using ops::testing::KeepAlive, ops::testing::t1, ops::testing::tv, ops::testing::vals;

inline const ops::Registry& registry() { return ops::testing::family_registry<ops::add_elementwise>(); }

struct Call {
  Node node;
  int64_t version;
  Call(std::string op, int64_t since) : version(since) {
    node.op_type = std::move(op);
    node.name.assign(1, 'n');  // (not = "n": GCC 12 warns falsely about that form)
  }
  Call& i(const std::string& name, int64_t v) { return with(ops::testing::attr_i(name, v)); }
  Call& f(const std::string& name, float v) { return with(ops::testing::attr_f(name, v)); }
  Call& s(const std::string& name, std::string v) { return with(ops::testing::attr_s(name, v)); }
  Call& ints(const std::string& name, std::vector<int64_t> v) {
    return with(ops::testing::attr_is(name, std::move(v)));
  }
  Call& with(Attribute a) {
    node.attributes.push_back(std::move(a));
    return *this;
  }
  // Runs the kernel on present inputs (a default-constructed Tensor marks an absent optional input).
  Tensor operator()(std::vector<Tensor> in) const {
    ops::testing::Inputs inputs;
    for (auto& t : in) {
      if (t.dtype() == DType::undefined) inputs.emplace_back(std::nullopt);
      else inputs.emplace_back(Value(t));
    }
    auto out = ops::testing::call(registry().kernel("", node.op_type, version), node, inputs, {true});
    REQUIRE(out.size() == 1);
    REQUIRE(out[0].has_value());
    return out[0]->tensor();
  }
  // The clause of the evaluation error the kernel raises ("" when it raises none).
  std::string clause(std::vector<Tensor> in) const {
    return ops::testing::clause_of([&] { (void)(*this)(std::move(in)); });
  }
  // The kind of error the kernel raises (internal when none).
  ErrorKind kind(std::vector<Tensor> in) const {
    return ops::testing::kind_of([&] { (void)(*this)(std::move(in)); });
  }
};

inline std::vector<double> f16vals(const Tensor& t) {
  std::vector<double> r;
  for (auto v : t.data<float16_t>()) r.push_back(num::to_double(v));
  return r;
}
inline Tensor f16(std::vector<double> v) {
  std::vector<float16_t> h;
  for (double d : v) h.push_back(num::to_float16(d));
  return t1(h);
}
inline std::vector<bool> bools(const Tensor& t) {
  auto d = t.data<bool>();
  return {d.begin(), d.end()};
}

inline constexpr float kInf = std::numeric_limits<float>::infinity();
inline constexpr double kInfD = std::numeric_limits<double>::infinity();
inline const float kNaN = std::numeric_limits<float>::quiet_NaN();
inline const double kNaND = std::numeric_limits<double>::quiet_NaN();

}  // namespace ewt
