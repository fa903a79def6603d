// Feature encoders and transforms of ai.onnx.ml (spec/ops-ml.md, ML10-ML21): ArrayFeatureExtractor,
// Binarizer, LabelEncoder (1, 2, 4), CategoryMapper, OneHotEncoder, Imputer, Scaler, Normalizer and
// FeatureVectorizer. Each is elementwise or row-wise; float outputs are computed in binary64 and rounded
// once to float (P1).
#include <bit>
#include <cmath>
#include <limits>
#include <map>

#include "ops/common/attrs.hpp"
#include "ops/ml/ml.hpp"
#include "runtime/coverage.hpp"

namespace onnxsem::ops::ml {
namespace {

using Out = std::vector<std::optional<Value>>;

// ---------------------------------------------------------------- ArrayFeatureExtractor
Out array_feature_extractor(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "ArrayFeatureExtractor";
  const Tensor& x = a.tensor(0);
  const Tensor& y = a.tensor(1);
  if (y.dtype() != DType::int64)
    eval_error("ML10", op + ": the indices must be an int64 tensor, got " + Value(y).describe());
  // [spec:ML10] indices select along the last axis; a rank-1 input gives a [1, K] output.
  ONNXSEM_CLAUSE(ML10);
  if (x.rank() < 1) eval_error("ML10", op + ": the input must have rank >= 1, got a scalar");
  const int64_t d = x.dim(x.rank() - 1);
  auto idx = y.data<int64_t>();
  for (size_t k = 0; k < idx.size(); ++k)
    if (idx[k] < 0 || idx[k] >= d)
      eval_error("ML10", op + ": index " + std::to_string(idx[k]) + " at position " + std::to_string(k) +
                             " is outside [0, " + std::to_string(d) + ")");
  const int64_t kcount = static_cast<int64_t>(idx.size());
  Shape shape = x.rank() == 1 ? Shape{1} : Shape(x.shape().begin(), x.shape().end() - 1);
  shape.push_back(kcount);
  const int64_t outer = d == 0 ? 0 : x.size() / d;
  return {Value(dispatch(x.dtype(), hana::tuple_t<float, double, int64_t, int32_t, std::string>, op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto in = x.data<T>();
    auto [t, out] = Tensor::allocate<T>(cx, shape);
    for (int64_t o = 0; o < (x.rank() == 1 ? 1 : outer); ++o)
      for (int64_t k = 0; k < kcount; ++k)
        out[static_cast<size_t>(o * kcount + k)] = in[static_cast<size_t>(o * d + idx[static_cast<size_t>(k)])];
    return t;
  }))};
}

// ---------------------------------------------------------------- Binarizer
// Whether x > t exactly, for an integer x and a binary32 threshold t.
bool greater_exact(int64_t x, double t) {
  if (std::isnan(t)) return false;
  if (t >= 9223372036854775808.0) return false;
  if (t < -9223372036854775808.0) return true;
  const double f = std::floor(t);
  return x > static_cast<int64_t>(f);  // x > t  <=>  x > floor(t) for integer x
}

Out binarizer(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const Tensor& x = a.tensor(0);
  const double th = attr_float(a.node, "threshold", 0.0f);
  return {Value(dispatch(x.dtype(), ml_numeric_types, "Binarizer", [&](auto tag) {
    using T = typename decltype(tag)::type;
    auto in = x.data<T>();
    auto [t, out] = Tensor::allocate<T>(cx, x.shape());
    // [spec:ML11] 1 where the element is greater than the threshold, else 0 (NaN gives 0).
    ONNXSEM_CLAUSE(ML11);
    for (size_t i = 0; i < in.size(); ++i) {
      bool gt;
      if constexpr (std::is_integral_v<T>) gt = greater_exact(in[i], th);
      else gt = static_cast<double>(in[i]) > th;
      out[i] = gt ? T(1) : T(0);
    }
    return t;
  }))};
}

// ---------------------------------------------------------------- LabelEncoder
// Lookup keys for LabelEncoder: how two key elements compare (ML14).
enum class FloatMatch { bitwise, numeric };

template <class K>
struct KeyOrder {
  FloatMatch match;
  // A canonical representative: strings and integers as themselves; floats by bit pattern (bitwise) or
  // by value with -0 folded into +0 and every NaN into one quiet NaN pattern (numeric).
  [[nodiscard]] auto canon(const K& k) const {
    if constexpr (std::is_same_v<K, float>) {
      float v = k;
      if (match == FloatMatch::numeric) {
        if (std::isnan(v)) v = std::numeric_limits<float>::quiet_NaN();
        else if (v == 0) v = 0.0f;
      }
      return std::bit_cast<uint32_t>(v);
    } else if constexpr (std::is_same_v<K, std::string>) {
      return k;
    } else {
      return static_cast<int64_t>(k);
    }
  }
};

inline constexpr auto encoder_types = hana::tuple_t<std::string, int64_t, float, int32_t, int16_t>;

// Maps every element of x through keys -> values, the default for elements that match no key (ML14).
Tensor encode(EvalContext& cx, const Tensor& x, const Tensor& keys, const Tensor& values, const Tensor& def,
              FloatMatch match, const std::string& op) {
  if (x.dtype() != keys.dtype())
    eval_error("ML13", op + ": the input has element type " + std::string(dtype_name(x.dtype())) + ", the keys " +
                           dtype_name(keys.dtype()));
  if (keys.size() != values.size())
    eval_error("ML13", op + ": there are " + std::to_string(keys.size()) + " keys and " +
                           std::to_string(values.size()) + " values");
  return dispatch(keys.dtype(), encoder_types, op, [&](auto ktag) {
    using K = typename decltype(ktag)::type;
    return dispatch(values.dtype(), encoder_types, op, [&](auto vtag) {
      using V = typename decltype(vtag)::type;
      const KeyOrder<K> order{match};
      auto kd = keys.data<K>();
      auto vd = values.data<V>();
      std::map<decltype(order.canon(kd[0])), size_t> index;
      // [spec:ML14] a repeated key maps to the value of its last occurrence.
      ONNXSEM_CLAUSE(ML14);
      for (size_t i = 0; i < kd.size(); ++i) index[order.canon(kd[i])] = i;
      const V dv = def.data<V>()[0];
      auto in = x.data<K>();
      auto [t, out] = Tensor::allocate<V>(cx, x.shape());
      for (size_t i = 0; i < in.size(); ++i) {
        auto it = index.find(order.canon(in[i]));
        out[i] = it == index.end() ? dv : vd[it->second];
      }
      return t;
    });
  });
}

// A 1-D tensor from a list attribute.
template <class T>
Tensor column(EvalContext& cx, const std::vector<T>& v) {
  return Tensor::from_vector<T>(cx, {static_cast<int64_t>(v.size())}, v);
}

// The keys_* (or values_*) of a LabelEncoder node as a 1-D tensor; with_tensor admits <prefix>_tensor.
Tensor encoder_list(EvalContext& cx, const Node& n, const std::string& prefix, bool with_tensor,
                    const std::string& op) {
  std::vector<Tensor> found;
  if (auto s = attr_strings_opt(n, prefix + "_strings")) found.push_back(column(cx, *s));
  if (auto i = attr_ints_opt(n, prefix + "_int64s")) found.push_back(column(cx, *i));
  if (auto f = attr_floats_opt(n, prefix + "_floats")) found.push_back(column(cx, *f));
  if (with_tensor)
    if (const Tensor* t = attr_tensor_opt(n, prefix + "_tensor")) {
      // [spec:ML15] keys_tensor and values_tensor are 1-D tensors of string, int64, float, int32 or int16.
      ONNXSEM_CLAUSE(ML15);
      if (t->rank() != 1) eval_error("ML15", op + ": " + prefix + "_tensor must be 1-D, got shape " + show(t->shape()));
      if (t->dtype() != DType::string && t->dtype() != DType::int64 && t->dtype() != DType::float32 &&
          t->dtype() != DType::int32 && t->dtype() != DType::int16)
        eval_error("ML15", op + ": " + prefix + "_tensor has element type " + dtype_name(t->dtype()));
      found.push_back(*t);
    }
  // [spec:ML13] exactly one keys_* and exactly one values_* attribute is given.
  ONNXSEM_CLAUSE(ML13);
  if (found.size() != 1)
    eval_error("ML13",
               op + ": exactly one " + prefix + "_* attribute must be given, found " + std::to_string(found.size()));
  return found[0];
}

// The default output value for the values' element type, from default_* (and default_tensor in version 4).
Tensor encoder_default(EvalContext& cx, const Node& n, DType value_type, bool with_tensor, const std::string& op) {
  if (with_tensor)
    if (const Tensor* t = attr_tensor_opt(n, "default_tensor")) {
      // [spec:ML15] default_tensor holds exactly one element of the values' element type.
      ONNXSEM_CLAUSE(ML15);
      if (t->dtype() != value_type || t->size() != 1)
        eval_error("ML15", op + ": default_tensor must hold one " + std::string(dtype_name(value_type)) +
                               " element, got " + Value(*t).describe());
      return *t;
    }
  switch (value_type) {
    case DType::string: return Tensor::scalar<std::string>(cx, attr_string(n, "default_string", "_Unused"));
    case DType::float32: return Tensor::scalar<float>(cx, attr_float(n, "default_float", -0.0f));
    case DType::int64: return Tensor::scalar<int64_t>(cx, attr_int(n, "default_int64", -1));
    case DType::int32:
    case DType::int16: {
      const int64_t v = attr_int(n, "default_int64", -1);
      const bool fits = value_type == DType::int32 ? (v >= INT32_MIN && v <= INT32_MAX)
                                                   : (v >= INT16_MIN && v <= INT16_MAX);
      if (!fits)
        eval_error("ML15", op + ": default_int64 " + std::to_string(v) + " does not fit the values' type " +
                               dtype_name(value_type));
      if (value_type == DType::int32) return Tensor::scalar<int32_t>(cx, static_cast<int32_t>(v));
      return Tensor::scalar<int16_t>(cx, static_cast<int16_t>(v));
    }
    default: break;
  }
  unsupported(op + ": values of element type " + std::string(dtype_name(value_type)));
}

Out label_encoder_2_4(const KernelArgs& a, bool v4) {
  EvalContext& cx = a.context();
  const std::string op = "LabelEncoder";
  const Tensor keys = encoder_list(cx, a.node, "keys", v4, op);
  const Tensor values = encoder_list(cx, a.node, "values", v4, op);
  const Tensor def = encoder_default(cx, a.node, values.dtype(), v4, op);
  return {Value(encode(cx, a.tensor(0), keys, values, def, v4 ? FloatMatch::numeric : FloatMatch::bitwise, op))};
}

// Each element of x (of element type K) replaced by its value in m, or by `fallback` when m has none.
template <class K, class V>
Tensor look_up(EvalContext& cx, const Tensor& x, const std::map<K, V>& m, const V& fallback) {
  auto in = x.data<K>();
  auto [t, out] = Tensor::allocate<V>(cx, x.shape());
  for (size_t i = 0; i < in.size(); ++i) {
    auto it = m.find(in[i]);
    out[i] = it == m.end() ? fallback : it->second;
  }
  return t;
}

Out label_encoder_1(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "LabelEncoder";
  const Tensor& x = a.tensor(0);
  const std::vector<std::string> classes =
      attr_strings_opt(a.node, "classes_strings").value_or(std::vector<std::string>{});
  // [spec:ML12] strings map to their first position in classes_strings (else default_int64); integers map
  // to the string at that position (else default_string).
  ONNXSEM_CLAUSE(ML12);
  if (x.dtype() == DType::string) {
    std::map<std::string, int64_t> pos;
    for (size_t i = 0; i < classes.size(); ++i) pos.emplace(classes[i], static_cast<int64_t>(i));
    return {Value(look_up(cx, x, pos, attr_int(a.node, "default_int64", -1)))};
  }
  if (x.dtype() == DType::int64) {
    const std::string def = attr_string(a.node, "default_string", "_Unused");
    auto in = x.data<int64_t>();
    auto [t, out] = Tensor::allocate<std::string>(cx, x.shape());
    for (size_t i = 0; i < in.size(); ++i)
      out[i] = in[i] >= 0 && in[i] < static_cast<int64_t>(classes.size()) ? classes[static_cast<size_t>(in[i])] : def;
    return {Value(t)};
  }
  unsupported(op + ": element type " + std::string(dtype_name(x.dtype())) + " is not accepted");
}

// ---------------------------------------------------------------- CategoryMapper
Out category_mapper(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "CategoryMapper";
  const Tensor& x = a.tensor(0);
  const auto strs = attr_strings_opt(a.node, "cats_strings").value_or(std::vector<std::string>{});
  const auto ints = attr_ints_opt(a.node, "cats_int64s").value_or(std::vector<int64_t>{});
  // [spec:ML16] cats_strings and cats_int64s pair up position by position; the first pair of a repeated
  // string (or integer) wins; unmatched strings give default_int64, unmatched integers default_string.
  ONNXSEM_CLAUSE(ML16);
  if (strs.size() != ints.size())
    eval_error("ML16", op + ": cats_strings has " + std::to_string(strs.size()) + " entries, cats_int64s " +
                           std::to_string(ints.size()));
  if (x.dtype() == DType::string) {
    std::map<std::string, int64_t> m;
    for (size_t i = 0; i < strs.size(); ++i) m.emplace(strs[i], ints[i]);
    return {Value(look_up(cx, x, m, attr_int(a.node, "default_int64", -1)))};
  }
  if (x.dtype() == DType::int64) {
    std::map<int64_t, std::string> m;
    for (size_t i = 0; i < ints.size(); ++i) m.emplace(ints[i], strs[i]);
    return {Value(look_up(cx, x, m, attr_string(a.node, "default_string", "_Unused")))};
  }
  unsupported(op + ": element type " + std::string(dtype_name(x.dtype())) + " is not accepted");
}

// ---------------------------------------------------------------- OneHotEncoder
Out one_hot_encoder(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "OneHotEncoder";
  const Tensor& x = a.tensor(0);
  const auto cat_ints = attr_ints_opt(a.node, "cats_int64s");
  const auto cat_strs = attr_strings_opt(a.node, "cats_strings");
  const bool zeros = attr_int(a.node, "zeros", 1) != 0;
  // [spec:ML17] exactly one category list, matching the input (strings for a string input, integers for a
  // numeric one, whose elements are truncated toward zero first); output [..., K] with a 1 at the matched
  // category; an element matching none gives a row of zeros, or an error when zeros = 0.
  ONNXSEM_CLAUSE(ML17);
  if (cat_ints.has_value() == cat_strs.has_value())
    eval_error("ML17", op + ": exactly one of cats_int64s and cats_strings must be given");
  if ((x.dtype() == DType::string) != cat_strs.has_value())
    eval_error("ML17", op + ": a " + std::string(dtype_name(x.dtype())) + " input needs " +
                           (x.dtype() == DType::string ? "cats_strings" : "cats_int64s"));
  const int64_t k = static_cast<int64_t>(cat_ints ? cat_ints->size() : cat_strs->size());
  // The category position of every element (-1: none).
  std::vector<int64_t> pos(static_cast<size_t>(x.size()), -1);
  if (cat_strs) {
    std::map<std::string, int64_t> m;
    for (size_t i = 0; i < cat_strs->size(); ++i) m.emplace((*cat_strs)[i], static_cast<int64_t>(i));
    auto in = x.data<std::string>();
    for (size_t i = 0; i < in.size(); ++i)
      if (auto it = m.find(in[i]); it != m.end()) pos[i] = it->second;
  } else {
    std::map<int64_t, int64_t> m;
    for (size_t i = 0; i < cat_ints->size(); ++i) m.emplace((*cat_ints)[i], static_cast<int64_t>(i));
    dispatch(x.dtype(), ml_numeric_types, op, [&](auto tag) {
      using T = typename decltype(tag)::type;
      auto in = x.data<T>();
      for (size_t i = 0; i < in.size(); ++i) {
        int64_t v;
        if constexpr (std::is_integral_v<T>) {
          v = in[i];
        } else {
          const double t = std::trunc(static_cast<double>(in[i]));
          if (!(t >= -9223372036854775808.0 && t < 9223372036854775808.0)) continue;  // NaN, inf, too large
          v = static_cast<int64_t>(t);
        }
        if (auto it = m.find(v); it != m.end()) pos[i] = it->second;
      }
    });
  }
  Shape shape = x.shape();
  shape.push_back(k);
  auto [t, out] = Tensor::allocate<float>(cx, shape);
  for (size_t i = 0; i < pos.size(); ++i) {
    if (pos[i] >= 0) out[i * static_cast<size_t>(k) + static_cast<size_t>(pos[i])] = 1.0f;
    else if (!zeros) eval_error("ML17", op + ": the element at position " + std::to_string(i) + " matches no category");
  }
  return {Value(t)};
}

// ---------------------------------------------------------------- Imputer
Out imputer(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "Imputer";
  const Tensor& x = a.tensor(0);
  const auto fl = attr_floats_opt(a.node, "imputed_value_floats");
  const auto in64 = attr_ints_opt(a.node, "imputed_value_int64s");
  const bool is_float = x.dtype() == DType::float32 || x.dtype() == DType::float64;
  // [spec:ML18] a float input uses imputed_value_floats and replaced_value_float, an integer input
  // imputed_value_int64s and replaced_value_int64; the list has 1 or F entries (F the last extent), and
  // every element equal to the replaced value (every NaN, when that value is NaN) becomes the entry of its
  // feature; integer entries must fit the input's type.
  ONNXSEM_CLAUSE(ML18);
  if (x.rank() < 1 || x.rank() > 2)
    eval_error("ML18", op + ": the input must have rank 1 or 2, got shape " + show(x.shape()));
  const int64_t f = x.dim(x.rank() - 1);
  auto check_len = [&](size_t n, const std::string& name) {
    if (!(n == 1 || static_cast<int64_t>(n) == f))
      eval_error("ML18",
                 op + ": " + name + " has " + std::to_string(n) + " entries, expected 1 or " + std::to_string(f));
  };
  return {Value(dispatch(x.dtype(), ml_numeric_types, op, [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    std::vector<T> imp;
    T replaced{};
    bool replace_nan = false;
    if constexpr (std::is_floating_point_v<T>) {
      if (!fl)
        eval_error("ML18", op + ": a " + std::string(dtype_name(x.dtype())) + " input needs imputed_value_floats");
      check_len(fl->size(), "imputed_value_floats");
      for (float v : *fl) imp.push_back(static_cast<T>(v));
      const float r = attr_float(a.node, "replaced_value_float", 0.0f);
      replace_nan = std::isnan(r);
      replaced = static_cast<T>(r);
    } else {
      if (!in64)
        eval_error("ML18", op + ": a " + std::string(dtype_name(x.dtype())) + " input needs imputed_value_int64s");
      check_len(in64->size(), "imputed_value_int64s");
      for (int64_t v : *in64) {
        if (v < std::numeric_limits<T>::min() || v > std::numeric_limits<T>::max())
          eval_error("ML18", op + ": imputed value " + std::to_string(v) + " does not fit " + dtype_name(x.dtype()));
        imp.push_back(static_cast<T>(v));
      }
      replaced = static_cast<T>(attr_int(a.node, "replaced_value_int64", 0));
      const int64_t r = attr_int(a.node, "replaced_value_int64", 0);
      if (r < std::numeric_limits<T>::min() || r > std::numeric_limits<T>::max()) imp.clear();  // nothing equals it
    }
    (void)is_float;
    auto in = x.data<T>();
    auto [t, out] = Tensor::allocate<T>(cx, x.shape());
    for (size_t i = 0; i < in.size(); ++i) {
      bool hit;
      if constexpr (std::is_floating_point_v<T>) hit = replace_nan ? std::isnan(in[i]) : in[i] == replaced;
      else hit = !imp.empty() && in[i] == replaced;
      out[i] = hit ? imp[imp.size() == 1 ? 0 : i % static_cast<size_t>(f)] : in[i];
    }
    return t;
  }))};
}

// ---------------------------------------------------------------- Scaler
Out scaler(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "Scaler";
  const Tensor& x = a.tensor(0);
  const auto offset = attr_floats_opt(a.node, "offset").value_or(std::vector<float>{0.0f});
  const auto scale = attr_floats_opt(a.node, "scale").value_or(std::vector<float>{1.0f});
  // [spec:ML19] y = (x - offset[f]) * scale[f] for the feature f (last-axis position) of each element;
  // offset and scale have 1 or F entries (absent: 0 and 1).
  ONNXSEM_CLAUSE(ML19);
  const int64_t f = x.rank() == 0 ? 1 : x.dim(x.rank() - 1);
  for (const auto& [name, list] : {std::pair{"offset", &offset}, std::pair{"scale", &scale}})
    if (!(list->size() == 1 || static_cast<int64_t>(list->size()) == f))
      eval_error("ML19", op + ": " + std::string(name) + " has " + std::to_string(list->size()) +
                             " entries, expected 1 or " + std::to_string(f));
  const std::vector<double> v = widen_all(x, ml_numeric_types, op);
  std::vector<double> y(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const size_t j = f == 0 ? 0 : i % static_cast<size_t>(f);
    const double o = offset[offset.size() == 1 ? 0 : j], s = scale[scale.size() == 1 ? 0 : j];
    y[i] = (v[i] - o) * s;
  }
  return {Value(float_tensor(cx, x.shape(), y))};
}

// ---------------------------------------------------------------- Normalizer
Out normalizer(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "Normalizer";
  const std::string norm = attr_string(a.node, "norm", "MAX");
  // [spec:ML20] each row is divided by its largest element (MAX), the sum of its absolute values (L1) or
  // the square root of the sum of its squares (L2); a row whose divisor is 0 is kept as it is.
  ONNXSEM_CLAUSE(ML20);
  if (norm != "MAX" && norm != "L1" && norm != "L2")
    eval_error("ML20", op + ": norm is '" + norm + "', expected MAX, L1 or L2");
  const Tensor& x = a.tensor(0);
  Rows r = read_rows(x, op);
  for (int64_t n = 0; n < r.n; ++n) {
    double* row = r.x.data() + n * r.c;
    double d = 0;
    if (norm == "MAX") {
      d = -std::numeric_limits<double>::infinity();
      for (int64_t c = 0; c < r.c; ++c) d = std::isnan(row[c]) ? row[c] : std::max(d, row[c]);
    } else if (norm == "L1") {
      for (int64_t c = 0; c < r.c; ++c) d += std::fabs(row[c]);
    } else {
      for (int64_t c = 0; c < r.c; ++c) d += row[c] * row[c];
      d = std::sqrt(d);
    }
    if (r.c == 0 || d == 0) continue;
    for (int64_t c = 0; c < r.c; ++c) row[c] /= d;
  }
  return {Value(float_tensor(cx, x.shape(), r.x))};
}

// ---------------------------------------------------------------- FeatureVectorizer
Out feature_vectorizer(const KernelArgs& a) {
  EvalContext& cx = a.context();
  const std::string op = "FeatureVectorizer";
  const auto dims = attr_ints_opt(a.node, "inputdimensions");
  // [spec:ML21] the inputs, read as rows ([C] as one row), are joined along the feature axis: every input
  // has the same number of rows N, and input k contributes inputdimensions[k] columns (its own C when the
  // attribute is absent), cut off or padded with zeros to that width.
  ONNXSEM_CLAUSE(ML21);
  std::vector<Rows> rows;
  for (size_t k = 0; k < a.input_count(); ++k) rows.push_back(read_rows(a.tensor(k), op));
  if (rows.empty()) eval_error("ML21", op + ": at least one input is needed");
  if (dims && dims->size() != rows.size())
    eval_error("ML21", op + ": inputdimensions has " + std::to_string(dims->size()) + " entries for " +
                           std::to_string(rows.size()) + " inputs");
  const int64_t n = rows[0].n;
  int64_t width = 0;
  for (size_t k = 0; k < rows.size(); ++k) {
    if (rows[k].n != n)
      eval_error("ML21", op + ": input " + std::to_string(k) + " has " + std::to_string(rows[k].n) + " rows, input 0 " +
                             std::to_string(n));
    const int64_t w = dims ? (*dims)[k] : rows[k].c;
    if (w < 0 || w > (int64_t{1} << 40) - width)
      eval_error("ML21", op + ": inputdimensions[" + std::to_string(k) + "] is " + std::to_string(w) +
                             ", negative or beyond any tensor");
    width += w;
  }
  std::vector<double> y(static_cast<size_t>(check_work(cx, {n, width})), 0.0);
  int64_t col = 0;
  for (size_t k = 0; k < rows.size(); ++k) {
    const int64_t w = dims ? (*dims)[k] : rows[k].c;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t c = 0; c < std::min(w, rows[k].c); ++c)
        y[static_cast<size_t>(i * width + col + c)] = rows[k].x[static_cast<size_t>(i * rows[k].c + c)];
    col += w;
  }
  return {Value(float_tensor(cx, {n, width}, y))};
}

}  // namespace

void add_encoders(Registry& r) {
  r.add(domain, "ArrayFeatureExtractor", {1}, array_feature_extractor);
  r.add(domain, "Binarizer", {1}, binarizer);
  r.add(domain, "LabelEncoder", {1}, label_encoder_1);
  r.add(domain, "LabelEncoder", {2}, [](const KernelArgs& a) { return label_encoder_2_4(a, false); });
  r.add(domain, "LabelEncoder", {4}, [](const KernelArgs& a) { return label_encoder_2_4(a, true); });
  r.add(domain, "CategoryMapper", {1}, category_mapper);
  r.add(domain, "OneHotEncoder", {1}, one_hot_encoder);
  r.add(domain, "Imputer", {1}, imputer);
  r.add(domain, "Scaler", {1}, scaler);
  r.add(domain, "Normalizer", {1}, normalizer);
  r.add(domain, "FeatureVectorizer", {1}, feature_vectorizer);
}

}  // namespace onnxsem::ops::ml
