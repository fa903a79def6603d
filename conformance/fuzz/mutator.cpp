#include "conformance/fuzz/mutator.hpp"

#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace onnxsem::fuzz {

namespace {
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

// One place a mutation can act on: a field of a message, and for a repeated field one of its items.
struct Site {
  Message* msg;
  const FieldDescriptor* field;
  int index;  // -1: the field as a whole (singular, or the repeated field's size)
};

void collect(Message& m, std::vector<Site>& sites, std::vector<std::string>& strings, int depth) {
  const auto* d = m.GetDescriptor();
  const Reflection* r = m.GetReflection();
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* f = d->field(i);
    sites.push_back({&m, f, -1});
    if (f->is_repeated()) {
      const int n = r->FieldSize(m, f);
      for (int k = 0; k < n; ++k) {
        sites.push_back({&m, f, k});
        if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && depth < 12)
          collect(*r->MutableRepeatedMessage(&m, f, k), sites, strings, depth + 1);
        if (f->cpp_type() == FieldDescriptor::CPPTYPE_STRING && f->type() == FieldDescriptor::TYPE_STRING)
          strings.push_back(r->GetRepeatedString(m, f, k));
      }
    } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      if (r->HasField(m, f) && depth < 12) collect(*r->MutableMessage(&m, f), sites, strings, depth + 1);
    } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_STRING && f->type() == FieldDescriptor::TYPE_STRING &&
               r->HasField(m, f)) {
      strings.push_back(r->GetString(m, f));
    }
  }
}

class Mutation {
 public:
  Mutation(unsigned int seed, std::vector<std::string> strings) : rng_(seed), strings_(std::move(strings)) {}

  void apply(const Site& s) {
    const Reflection* r = s.msg->GetReflection();
    const FieldDescriptor* f = s.field;
    if (f->is_repeated() && s.index < 0) {
      mutate_repeated(*s.msg, f);
      return;
    }
    switch (f->cpp_type()) {
      case FieldDescriptor::CPPTYPE_INT32:
        set(*s.msg, f, s.index, static_cast<int32_t>(integer(get_i64(*s.msg, f, s.index))));
        break;
      case FieldDescriptor::CPPTYPE_INT64: set(*s.msg, f, s.index, integer(get_i64(*s.msg, f, s.index))); break;
      case FieldDescriptor::CPPTYPE_UINT32:
        set(*s.msg, f, s.index, static_cast<uint32_t>(integer(get_i64(*s.msg, f, s.index))));
        break;
      case FieldDescriptor::CPPTYPE_UINT64:
        set(*s.msg, f, s.index, static_cast<uint64_t>(integer(get_i64(*s.msg, f, s.index))));
        break;
      case FieldDescriptor::CPPTYPE_FLOAT: set(*s.msg, f, s.index, static_cast<float>(real())); break;
      case FieldDescriptor::CPPTYPE_DOUBLE: set(*s.msg, f, s.index, real()); break;
      case FieldDescriptor::CPPTYPE_BOOL: set(*s.msg, f, s.index, pick(2) == 0); break;
      case FieldDescriptor::CPPTYPE_ENUM: {
        const auto* e = f->enum_type();
        const int v = pick(4) == 0 ? static_cast<int>(integer(0)) : e->value(pick(e->value_count()))->number();
        if (s.index < 0) r->SetEnumValue(s.msg, f, v);
        else r->SetRepeatedEnumValue(s.msg, f, s.index, v);
        break;
      }
      case FieldDescriptor::CPPTYPE_STRING: {
        std::string v = s.index < 0 ? r->GetString(*s.msg, f) : r->GetRepeatedString(*s.msg, f, s.index);
        v = text(std::move(v), f->type() == FieldDescriptor::TYPE_BYTES);
        if (s.index < 0) r->SetString(s.msg, f, std::move(v));
        else r->SetRepeatedString(s.msg, f, s.index, std::move(v));
        break;
      }
      case FieldDescriptor::CPPTYPE_MESSAGE:
        if (s.index >= 0) {
          // Replace the item by a copy of another item of the same field.
          const int n = r->FieldSize(*s.msg, f);
          const int other = pick(n);
          if (other != s.index) {
            std::unique_ptr<Message> copy(r->GetRepeatedMessage(*s.msg, f, other).New());
            copy->CopyFrom(r->GetRepeatedMessage(*s.msg, f, other));
            r->MutableRepeatedMessage(s.msg, f, s.index)->CopyFrom(*copy);
          }
        } else if (r->HasField(*s.msg, f) && pick(2) == 0) {
          r->ClearField(s.msg, f);
        } else {
          (void)r->MutableMessage(s.msg, f);  // present (empty if it was absent)
        }
        break;
    }
  }

 private:
  int pick(int n) { return n <= 1 ? 0 : static_cast<int>(rng_() % static_cast<unsigned>(n)); }

  int64_t get_i64(const Message& m, const FieldDescriptor* f, int i) {
    const Reflection* r = m.GetReflection();
    switch (f->cpp_type()) {
      case FieldDescriptor::CPPTYPE_INT32: return i < 0 ? r->GetInt32(m, f) : r->GetRepeatedInt32(m, f, i);
      case FieldDescriptor::CPPTYPE_INT64: return i < 0 ? r->GetInt64(m, f) : r->GetRepeatedInt64(m, f, i);
      case FieldDescriptor::CPPTYPE_UINT32: return i < 0 ? r->GetUInt32(m, f) : r->GetRepeatedUInt32(m, f, i);
      case FieldDescriptor::CPPTYPE_UINT64:
        return static_cast<int64_t>(i < 0 ? r->GetUInt64(m, f) : r->GetRepeatedUInt64(m, f, i));
      default: return 0;
    }
  }

  // Values that break arithmetic: boundaries, powers of two around the int32 and int64 limits, small
  // neighbours of the present value.
  int64_t integer(int64_t now) {
    static const int64_t special[] = {0,
                                      1,
                                      -1,
                                      2,
                                      3,
                                      4,
                                      7,
                                      8,
                                      16,
                                      64,
                                      255,
                                      256,
                                      1000,
                                      65535,
                                      65536,
                                      (int64_t{1} << 31) - 1,
                                      -(int64_t{1} << 31),
                                      int64_t{1} << 32,
                                      int64_t{1} << 40,
                                      int64_t{1} << 62,
                                      std::numeric_limits<int64_t>::max(),
                                      std::numeric_limits<int64_t>::min(),
                                      1000000007};
    switch (pick(4)) {
      case 0: return special[pick(static_cast<int>(std::size(special)))];
      case 1: return static_cast<int64_t>(static_cast<uint64_t>(now) + static_cast<uint64_t>(pick(5)) - 2);
      case 2: return static_cast<int64_t>(0 - static_cast<uint64_t>(now));
      default: return static_cast<int64_t>(rng_() % 40) - 8;
    }
  }

  double real() {
    static const double special[] = {0.0,
                                     -0.0,
                                     1.0,
                                     -1.0,
                                     0.5,
                                     2.0,
                                     1e30,
                                     -1e30,
                                     1e-40,
                                     65504.0,
                                     std::numeric_limits<double>::infinity(),
                                     -std::numeric_limits<double>::infinity(),
                                     std::numeric_limits<double>::quiet_NaN(),
                                     std::numeric_limits<double>::denorm_min()};
    return pick(3) == 0 ? static_cast<double>(static_cast<int>(rng_() % 200) - 100) / 8.0
                        : special[pick(static_cast<int>(std::size(special)))];
  }

  std::string text(std::string now, bool bytes) {
    switch (pick(bytes ? 3 : 4)) {
      case 0: return now.substr(0, static_cast<size_t>(pick(static_cast<int>(now.size()) + 1)));
      case 1: return now + now;
      case 2: {
        if (now.empty()) return std::string(1, static_cast<char>(rng_()));
        now[static_cast<size_t>(pick(static_cast<int>(now.size())))] = static_cast<char>(rng_());
        return now;
      }
      default:
        return strings_.empty() ? std::string()
                                : strings_[static_cast<size_t>(pick(static_cast<int>(strings_.size())))];
    }
  }

  template <class T>
  void set(Message& m, const FieldDescriptor* f, int i, T v) {
    const Reflection* r = m.GetReflection();
    if constexpr (std::is_same_v<T, int32_t>) i < 0 ? r->SetInt32(&m, f, v) : r->SetRepeatedInt32(&m, f, i, v);
    else if constexpr (std::is_same_v<T, int64_t>) i < 0 ? r->SetInt64(&m, f, v) : r->SetRepeatedInt64(&m, f, i, v);
    else if constexpr (std::is_same_v<T, uint32_t>) i < 0 ? r->SetUInt32(&m, f, v) : r->SetRepeatedUInt32(&m, f, i, v);
    else if constexpr (std::is_same_v<T, uint64_t>) i < 0 ? r->SetUInt64(&m, f, v) : r->SetRepeatedUInt64(&m, f, i, v);
    else if constexpr (std::is_same_v<T, float>) i < 0 ? r->SetFloat(&m, f, v) : r->SetRepeatedFloat(&m, f, i, v);
    else if constexpr (std::is_same_v<T, double>) i < 0 ? r->SetDouble(&m, f, v) : r->SetRepeatedDouble(&m, f, i, v);
    else if constexpr (std::is_same_v<T, bool>) i < 0 ? r->SetBool(&m, f, v) : r->SetRepeatedBool(&m, f, i, v);
  }

  // Adds (a copy of an item, or a new value), removes, swaps or clears items of a repeated field.
  void mutate_repeated(Message& m, const FieldDescriptor* f) {
    const Reflection* r = m.GetReflection();
    const int n = r->FieldSize(m, f);
    const int what = n == 0 ? 0 : pick(4);
    if (what == 0) {
      switch (f->cpp_type()) {
        case FieldDescriptor::CPPTYPE_INT32: r->AddInt32(&m, f, static_cast<int32_t>(integer(0))); break;
        case FieldDescriptor::CPPTYPE_INT64: r->AddInt64(&m, f, integer(0)); break;
        case FieldDescriptor::CPPTYPE_UINT32: r->AddUInt32(&m, f, static_cast<uint32_t>(integer(0))); break;
        case FieldDescriptor::CPPTYPE_UINT64: r->AddUInt64(&m, f, static_cast<uint64_t>(integer(0))); break;
        case FieldDescriptor::CPPTYPE_FLOAT: r->AddFloat(&m, f, static_cast<float>(real())); break;
        case FieldDescriptor::CPPTYPE_DOUBLE: r->AddDouble(&m, f, real()); break;
        case FieldDescriptor::CPPTYPE_BOOL: r->AddBool(&m, f, pick(2) == 0); break;
        case FieldDescriptor::CPPTYPE_ENUM:
          r->AddEnumValue(&m, f, f->enum_type()->value(pick(f->enum_type()->value_count()))->number());
          break;
        case FieldDescriptor::CPPTYPE_STRING: r->AddString(&m, f, text(std::string(), false)); break;
        case FieldDescriptor::CPPTYPE_MESSAGE: {
          if (n > 0) {
            std::unique_ptr<Message> copy(r->GetRepeatedMessage(m, f, pick(n)).New());
            copy->CopyFrom(r->GetRepeatedMessage(m, f, pick(n)));
            r->AddMessage(&m, f)->CopyFrom(*copy);
          } else {
            (void)r->AddMessage(&m, f);
          }
          break;
        }
      }
    } else if (what == 1) {
      r->SwapElements(&m, f, pick(n), n - 1);
      r->RemoveLast(&m, f);
    } else if (what == 2) {
      r->SwapElements(&m, f, pick(n), pick(n));
    } else {
      r->ClearField(&m, f);
    }
  }

  std::mt19937_64 rng_;
  std::vector<std::string> strings_;
};
}  // namespace

size_t mutate_message(const Message& prototype, uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  std::mt19937 rng(seed);
  std::unique_ptr<Message> m(prototype.New());
  if (rng() % 8 == 0 || !m->ParseFromArray(data, static_cast<int>(size))) return LLVMFuzzerMutate(data, size, max_size);
  const int rounds = 1 + static_cast<int>(rng() % 3);
  for (int round = 0; round < rounds; ++round) {
    std::vector<Site> sites;
    std::vector<std::string> strings;
    collect(*m, sites, strings, 0);
    if (sites.empty()) break;
    Mutation(rng(), std::move(strings)).apply(sites[rng() % sites.size()]);
  }
  std::string out;
  if (!m->SerializeToString(&out) || out.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::copy(out.begin(), out.end(), data);
  return out.size();
}

}  // namespace onnxsem::fuzz
