// Test helpers of the elementwise family: build a node, call the registered kernel, read the result.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "ops/registry.hpp"
#include "semantics/numeric.hpp"
#include "semantics/operator.hpp"

namespace ewt {
using namespace onnxsem;

inline const ops::Registry& registry() {
  static const ops::Registry r = [] {
    ops::Registry t;
    ops::add_elementwise(t);
    return t;
  }();
  return r;
}

struct Call {
  Node node;
  int64_t version;
  Call(std::string op, int64_t since) : version(since) {
    node.op_type = std::move(op);
    node.name.assign(1, 'n');  // (not = "n": GCC 12 warns falsely about that form)
  }
  Call& i(const std::string& name, int64_t v) {
    Attribute a;
    a.name = name;
    a.type = AttrType::i;
    a.i = v;
    node.attributes.push_back(a);
    return *this;
  }
  Call& f(const std::string& name, float v) {
    Attribute a;
    a.name = name;
    a.type = AttrType::f;
    a.f = v;
    node.attributes.push_back(a);
    return *this;
  }
  Call& s(const std::string& name, std::string v) {
    Attribute a;
    a.name = name;
    a.type = AttrType::s;
    a.s = std::move(v);
    node.attributes.push_back(a);
    return *this;
  }
  Call& ints(const std::string& name, std::vector<int64_t> v) {
    Attribute a;
    a.name = name;
    a.type = AttrType::ints;
    a.ints = std::move(v);
    node.attributes.push_back(a);
    return *this;
  }
  // Runs the kernel on present inputs (a default-constructed Tensor marks an absent optional input).
  Tensor operator()(std::vector<Tensor> in) const {
    std::vector<std::optional<Value>> inputs;
    for (auto& t : in) {
      if (t.dtype() == DType::undefined) inputs.emplace_back(std::nullopt);
      else inputs.emplace_back(Value(t));
    }
    const Kernel* k = registry().kernel("", node.op_type, version);
    REQUIRE(k != nullptr);
    KernelArgs args{node, inputs, {true}};
    auto out = (*k)(args);
    REQUIRE(out.size() == 1);
    REQUIRE(out[0].has_value());
    return out[0]->tensor();
  }
  // The clause of the evaluation error the kernel raises ("" when it raises none).
  std::string clause(std::vector<Tensor> in) const {
    try {
      (void)(*this)(std::move(in));
    } catch (const Failure& e) {
      return e.error().clause;
    }
    return "";
  }
  // The kind of error the kernel raises (internal when none).
  ErrorKind kind(std::vector<Tensor> in) const {
    try {
      (void)(*this)(std::move(in));
    } catch (const Failure& e) {
      return e.error().kind;
    }
    return ErrorKind::internal;
  }
};

template <class T>
Tensor tv(Shape s, std::vector<T> v) {
  return Tensor::from_vector<T>(std::move(s), v);
}
template <class T>
Tensor t1(std::vector<T> v) {
  const auto n = static_cast<int64_t>(v.size());
  return Tensor::from_vector<T>({n}, v);
}
template <class T>
std::vector<T> vals(const Tensor& t) {
  auto d = t.data<T>();
  return {d.begin(), d.end()};
}
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
