// Values of the ONNX semantic domain (spec/values.md): tensors of every element type, sequences,
// optionals and maps. A value is immutable once built; copies share their buffers; equality is bitwise.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "runtime/context.hpp"
#include "runtime/error.hpp"

namespace onnxsem {

// Element types, numbered as TensorProto.DataType numbers them (spec/values.md, V1).
enum class DType : int32_t {
  undefined = 0,
  float32 = 1,
  uint8 = 2,
  int8 = 3,
  uint16 = 4,
  int16 = 5,
  int32 = 6,
  int64 = 7,
  string = 8,
  boolean = 9,
  float16 = 10,
  float64 = 11,
  uint32 = 12,
  uint64 = 13,
  complex64 = 14,
  complex128 = 15,
  bfloat16 = 16,
  float8e4m3fn = 17,
  float8e4m3fnuz = 18,
  float8e5m2 = 19,
  float8e5m2fnuz = 20,
  uint4 = 21,
  int4 = 22,
  float4e2m1 = 23,
  float8e8m0 = 24,
  uint2 = 25,
  int2 = 26,
};

[[nodiscard]] const char* dtype_name(DType t) noexcept;  // "float", "int64", "float8e4m3fn", ...
[[nodiscard]] bool dtype_known(int32_t code) noexcept;   // 1..26
[[nodiscard]] bool is_float(DType t) noexcept;           // every floating-point type
[[nodiscard]] bool is_integer(DType t) noexcept;         // signed and unsigned, 2 to 64 bits
[[nodiscard]] bool is_signed_integer(DType t) noexcept;

// Element types that C++ has no type for are stored as their bit pattern, one element per object. The
// arithmetic on them goes through values/numeric.hpp (exact conversion to binary64 and back).
#define ONNXSEM_BITS_TYPE(NAME, STORAGE)                                         \
  struct NAME {                                                                  \
    STORAGE bits = 0;                                                            \
    friend bool operator==(NAME a, NAME b) noexcept { return a.bits == b.bits; } \
  };
ONNXSEM_BITS_TYPE(float16_t, uint16_t)
ONNXSEM_BITS_TYPE(bfloat16_t, uint16_t)
ONNXSEM_BITS_TYPE(float8e4m3fn_t, uint8_t)
ONNXSEM_BITS_TYPE(float8e4m3fnuz_t, uint8_t)
ONNXSEM_BITS_TYPE(float8e5m2_t, uint8_t)
ONNXSEM_BITS_TYPE(float8e5m2fnuz_t, uint8_t)
ONNXSEM_BITS_TYPE(float8e8m0_t, uint8_t)
ONNXSEM_BITS_TYPE(float4e2m1_t, uint8_t)  // the low 4 bits
#undef ONNXSEM_BITS_TYPE

// Sub-byte integers are unpacked in memory: one element per byte, holding the (sign-extended) value.
// Packing is a matter of the serialized form only (loader/tensor_io.cpp).
#define ONNXSEM_SMALL_INT(NAME, STORAGE)                                   \
  struct NAME {                                                            \
    STORAGE v = 0;                                                         \
    friend bool operator==(NAME a, NAME b) noexcept { return a.v == b.v; } \
  };
ONNXSEM_SMALL_INT(int4_t, int8_t)
ONNXSEM_SMALL_INT(uint4_t, uint8_t)
ONNXSEM_SMALL_INT(int2_t, int8_t)
ONNXSEM_SMALL_INT(uint2_t, uint8_t)
#undef ONNXSEM_SMALL_INT

// The C++ type of each element type, and back.
template <DType D>
struct dtype_cpp;
template <class T>
struct cpp_dtype;
#define ONNXSEM_MAP(D, T)                    \
  template <>                                \
  struct dtype_cpp<DType::D> {               \
    using type = T;                          \
  };                                         \
  template <>                                \
  struct cpp_dtype<T> {                      \
    static constexpr DType value = DType::D; \
  };
ONNXSEM_MAP(float32, float)
ONNXSEM_MAP(float64, double)
ONNXSEM_MAP(int8, int8_t)
ONNXSEM_MAP(int16, int16_t)
ONNXSEM_MAP(int32, int32_t)
ONNXSEM_MAP(int64, int64_t)
ONNXSEM_MAP(uint8, uint8_t)
ONNXSEM_MAP(uint16, uint16_t)
ONNXSEM_MAP(uint32, uint32_t)
ONNXSEM_MAP(uint64, uint64_t)
ONNXSEM_MAP(boolean, bool)
ONNXSEM_MAP(string, std::string)
ONNXSEM_MAP(float16, float16_t)
ONNXSEM_MAP(bfloat16, bfloat16_t)
ONNXSEM_MAP(float8e4m3fn, float8e4m3fn_t)
ONNXSEM_MAP(float8e4m3fnuz, float8e4m3fnuz_t)
ONNXSEM_MAP(float8e5m2, float8e5m2_t)
ONNXSEM_MAP(float8e5m2fnuz, float8e5m2fnuz_t)
ONNXSEM_MAP(float8e8m0, float8e8m0_t)
ONNXSEM_MAP(float4e2m1, float4e2m1_t)
ONNXSEM_MAP(int4, int4_t)
ONNXSEM_MAP(uint4, uint4_t)
ONNXSEM_MAP(int2, int2_t)
ONNXSEM_MAP(uint2, uint2_t)
#undef ONNXSEM_MAP
template <class T>
inline constexpr DType dtype_of = cpp_dtype<T>::value;
template <DType D>
using cpp_type = typename dtype_cpp<D>::type;

using Shape = std::vector<int64_t>;

// Number of elements of a shape; refuses negative dimensions and counts that overflow (spec L1).
[[nodiscard]] int64_t element_count(const Shape& shape);

class Tensor {
 public:
  Tensor() = default;  // the undefined tensor (dtype undefined); not a value of any ONNX graph

  [[nodiscard]] DType dtype() const noexcept { return dtype_; }
  [[nodiscard]] const Shape& shape() const noexcept { return shape_; }
  [[nodiscard]] int64_t rank() const noexcept { return static_cast<int64_t>(shape_.size()); }
  [[nodiscard]] int64_t size() const noexcept { return count_; }
  [[nodiscard]] int64_t dim(int64_t axis) const { return shape_.at(static_cast<size_t>(axis)); }

  // Read access; T must be the C++ type of dtype() (checked).
  template <class T>
  [[nodiscard]] std::span<const T> data() const {
    if (dtype_of<T> != dtype_) wrong_type(dtype_of<T>);
    return {static_cast<const T*>(buf_.get()), static_cast<size_t>(count_)};
  }

  // Creates a tensor of the given shape with value-initialised elements, and hands out the only mutable
  // view of it. The caller fills the view, then treats the tensor as immutable (values never change
  // once they leave the function that built them). Every way of making a tensor names the context it is
  // made for, whose allocation limit (L3) it must fit.
  template <class T>
  [[nodiscard]] static std::pair<Tensor, std::span<T>> allocate(const EvalContext& cx, Shape shape) {
    return make<T>(cx, std::move(shape), true);
  }

  // As allocate, but elements of a type without a constructor (numbers, bool) are left unset: for a
  // kernel that writes every element of the view before the tensor leaves it. Saves the pass that
  // zeroes a buffer about to be overwritten.
  template <class T>
  [[nodiscard]] static std::pair<Tensor, std::span<T>> allocate_for_overwrite(const EvalContext& cx, Shape shape) {
    return make<T>(cx, std::move(shape), false);
  }

  template <class T>
  [[nodiscard]] static Tensor from_vector(const EvalContext& cx, Shape shape, const std::vector<T>& values) {
    auto [t, out] = allocate<T>(cx, std::move(shape));
    if (out.size() != values.size()) eval_error("L2", "tensor value count does not match its shape");
    for (size_t i = 0; i < values.size(); ++i) out[i] = values[i];
    return t;
  }
  template <class T>
  [[nodiscard]] static Tensor scalar(const EvalContext& cx, T v) {
    auto [t, out] = allocate<T>(cx, {});
    out[0] = std::move(v);
    return t;
  }

  // Same elements, other shape of the same element count; shares the buffer.
  [[nodiscard]] Tensor reshaped(Shape shape) const;

  // An output over the storage of `x` (spec/graph.md, E10), for a kernel whose output has x's element type
  // T and element count and whose element i is computed from element i of x (and of other inputs) alone:
  // when no other tensor shares x's buffer (the evaluator handed the kernel the last reference to a value
  // no operation reads after this firing), the output tensor takes x's buffer and its mutable view is
  // returned; the kernel then writes element i only after reading element i. Otherwise nothing: the kernel
  // allocates as usual. `x` itself must not be read afterwards except at the elements not yet written.
  template <class T>
  [[nodiscard]] static std::optional<std::pair<Tensor, std::span<T>>> reuse(const Tensor& x, const Shape& shape) {
    if (x.dtype_ != dtype_of<T> || x.buf_.use_count() != 1 || element_count(shape) != x.count_ || x.count_ == 0)
      return std::nullopt;
    Tensor t = x;
    t.shape_ = shape;
    // The buffer was allocated mutable (make, below) and is now this output's alone.
    return std::pair<Tensor, std::span<T>>{std::move(t),
                                           {const_cast<T*>(static_cast<const T*>(x.buf_.get())),
                                            static_cast<size_t>(x.count_)}};
  }
  // allocate_for_overwrite, over x's storage when `reuse` allows it.
  template <class T>
  [[nodiscard]] static std::pair<Tensor, std::span<T>> overwrite_or_allocate(const EvalContext& cx, const Tensor& x,
                                                                             Shape shape) {
    if (auto r = reuse<T>(x, shape)) return std::move(*r);
    return allocate_for_overwrite<T>(cx, std::move(shape));
  }

  // How many tensors share this one's element buffer (itself included; 0 for the undefined tensor). Tests
  // use it to see when an evaluation lets go of a value (spec/graph.md, E8).
  [[nodiscard]] long buffer_users() const noexcept { return buf_.use_count(); }

  // Bitwise equality of element type, shape and element bit patterns (spec V3).
  friend bool operator==(const Tensor& a, const Tensor& b);

 private:
  template <class T>
  [[nodiscard]] static std::pair<Tensor, std::span<T>> make(const EvalContext& cx, Shape shape, bool initialise) {
    Tensor t;
    t.dtype_ = dtype_of<T>;
    t.count_ = element_count(shape);
    cx.check_bytes(t.count_, sizeof(T));
    t.shape_ = std::move(shape);
    const size_t n = static_cast<size_t>(t.count_ == 0 ? 1 : t.count_);
    std::shared_ptr<T[]> p(initialise ? new T[n]() : new T[n]);
    std::span<T> view{p.get(), static_cast<size_t>(t.count_)};
    t.buf_ = std::shared_ptr<const void>(p, p.get());
    return {std::move(t), view};
  }
  [[noreturn]] void wrong_type(DType asked) const;

  DType dtype_ = DType::undefined;
  Shape shape_;
  int64_t count_ = 0;
  std::shared_ptr<const void> buf_;
};

// The static type of a value, as a graph declares it (TypeProto).
struct Dim {
  std::optional<int64_t> value;  // a fixed size, or
  std::string param;             // a symbolic name (may be empty: unknown)
};
struct Type {
  enum class Kind { unknown, tensor, sequence, optional, map, sparse_tensor };
  Kind kind = Kind::unknown;
  DType elem = DType::undefined;          // tensor / sparse_tensor element type; map value... see inner
  DType key = DType::undefined;           // map key type
  std::optional<std::vector<Dim>> shape;  // tensor shape when declared
  std::shared_ptr<const Type> inner;      // sequence / optional element type, map value type

  [[nodiscard]] std::string describe() const;  // "tensor(float)", "seq(tensor(int64))", ...
  friend bool operator==(const Type& a, const Type& b);
};

struct Value;

// The items of a sequence: an immutable list whose copies share their storage (spec V2). It is a
// persistent balanced tree, so that inserting or erasing one item builds the new list in O(log n) steps
// and shares every other item with the old one: a sequence that grows by one item per Loop iteration costs
// O(n log n) in all, not O(n^2) (spec L5). Reading item i takes O(log n).
class Items {
 public:
  Items() = default;
  explicit Items(const std::vector<Value>& values);

  [[nodiscard]] size_t size() const noexcept;
  [[nodiscard]] bool empty() const noexcept { return size() == 0; }
  // The elements of the items that are tensors, in all (O(1); the largest int64 if the sum overflows).
  [[nodiscard]] int64_t tensor_elements() const noexcept;
  [[nodiscard]] const Value& operator[](size_t i) const;  // i < size()
  [[nodiscard]] const Value& at(size_t i) const;          // internal error (V2) when i >= size()
  [[nodiscard]] const Value& front() const { return at(0); }
  [[nodiscard]] Items inserted(size_t pos, Value v) const;  // pos <= size()
  [[nodiscard]] Items erased(size_t pos) const;             // pos < size()
  [[nodiscard]] std::vector<Value> to_vector() const;

  class const_iterator {
   public:
    using value_type = Value;
    using difference_type = std::ptrdiff_t;
    using reference = const Value&;
    using pointer = const Value*;
    using iterator_category = std::forward_iterator_tag;
    const_iterator() = default;
    const_iterator(const Items* items, size_t i) : items_(items), i_(i) {}
    reference operator*() const { return (*items_)[i_]; }
    pointer operator->() const { return &(*items_)[i_]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    const_iterator operator++(int) {
      auto t = *this;
      ++i_;
      return t;
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.i_ == b.i_; }

   private:
    const Items* items_ = nullptr;
    size_t i_ = 0;
  };
  [[nodiscard]] const_iterator begin() const { return {this, 0}; }
  [[nodiscard]] const_iterator end() const { return {this, size()}; }

  struct Node;  // defined in value.cpp

 private:
  explicit Items(std::shared_ptr<const Node> root) : root_(std::move(root)) {}
  std::shared_ptr<const Node> root_;
};

struct Sequence {
  std::shared_ptr<const Type> elem;  // declared element type (may be null when unknown)
  Items items;
};
struct OptionalValue {
  std::shared_ptr<const Type> elem;   // declared element type (may be null when unknown)
  std::shared_ptr<const Value> item;  // null: the optional holds nothing
};
// A map (spec/values.md, V4): keys of type int64 or string, held in a 1-D tensor in the order they were
// given, each paired with the value at the same position. Build one with make_map (it checks V4).
struct Map {
  DType key = DType::undefined;                      // int64 or string
  std::shared_ptr<const Type> value_type;            // declared value type (may be null when unknown)
  Tensor keys;                                       // 1-D, element type `key`, no key twice
  std::shared_ptr<const std::vector<Value>> values;  // one per key, in key order

  [[nodiscard]] size_t size() const noexcept;
};

struct Value {
  std::variant<Tensor, Sequence, OptionalValue, Map> v;

  Value() = default;
  Value(Tensor t) : v(std::move(t)) {}         // NOLINT: a tensor is a value
  Value(Sequence s) : v(std::move(s)) {}       // NOLINT
  Value(OptionalValue o) : v(std::move(o)) {}  // NOLINT
  Value(Map m) : v(std::move(m)) {}            // NOLINT

  [[nodiscard]] bool is_tensor() const noexcept { return std::holds_alternative<Tensor>(v); }
  [[nodiscard]] bool is_sequence() const noexcept { return std::holds_alternative<Sequence>(v); }
  [[nodiscard]] bool is_optional() const noexcept { return std::holds_alternative<OptionalValue>(v); }
  [[nodiscard]] bool is_map() const noexcept { return std::holds_alternative<Map>(v); }
  [[nodiscard]] const Tensor& tensor() const;  // eval error (clause V2) when not a tensor
  [[nodiscard]] const Sequence& sequence() const;
  [[nodiscard]] const OptionalValue& optional() const;
  [[nodiscard]] const Map& map() const;
  // "tensor(float)[2,3]", "seq(3 items)", "optional(none)", "map(int64,3 entries)"
  [[nodiscard]] std::string describe() const;

  friend bool operator==(const Value& a, const Value& b);
};

// A map of the given keys (a 1-D int64 or string tensor) and values, one per key (spec V4): any other key
// type, a key given twice or a count mismatch is an evaluation error. `value_type` may be null.
[[nodiscard]] Map make_map(Tensor keys, std::vector<Value> values, std::shared_ptr<const Type> value_type);

}  // namespace onnxsem
