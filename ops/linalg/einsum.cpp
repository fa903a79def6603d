// Einsum (spec/ops-linalg.md, RD30-RD32).
//
//   An equation "t_1,...,t_n->u" names every dimension of input k by a label of its term t_k (a letter, or
//   the dimensions covered by "..."). With every label bound to an index value,
//     output[u] = Σ over the labels not in u of  Π_k input_k[t_k]
//   A label repeated inside one term takes the diagonal. Without "->" the output term u is the ellipsis
//   dimensions followed by the letters that occur exactly once in the equation, in ASCII order (A-Z, a-z).
#include <algorithm>
#include <map>

#include "ops/common/attrs.hpp"
#include "ops/linalg/linalg.hpp"
#include "runtime/coverage.hpp"
#include "runtime/work.hpp"

namespace onnxsem::ops::la {
namespace {

constexpr int kLetters = 52;  // a-z, A-Z; the ellipsis dimensions get the labels 52, 53, ...
constexpr int kEllipsis = -1;

int letter_id(char c) { return c >= 'a' && c <= 'z' ? c - 'a' : c >= 'A' && c <= 'Z' ? 26 + (c - 'A') : -2; }

// One term as a list of letter ids, with kEllipsis where "..." stands.
std::vector<int> parse_term(const std::string& t, const std::string& eq) {
  std::vector<int> out;
  bool seen_ellipsis = false;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t.compare(i, 3, "...") == 0) {
      // [spec:RD30] at most one ellipsis per term; letters only otherwise.
      ONNXSEM_CLAUSE(RD30);
      if (seen_ellipsis) eval_error("RD30", "Einsum: a term has two ellipses in equation '" + eq + "'");
      seen_ellipsis = true;
      out.push_back(kEllipsis);
      i += 2;
    } else if (letter_id(t[i]) >= 0) {
      out.push_back(letter_id(t[i]));
    } else {
      eval_error("RD30", std::string("Einsum: unexpected character '") + t[i] + "' in equation '" + eq + "'");
    }
  }
  return out;
}

struct Plan {
  std::vector<int64_t> size;  // per label id in use order: out labels first, then summed
  size_t n_out = 0;
  Shape out_shape;
  std::vector<std::vector<int64_t>> strides;  // per input, per label (0 where the input lacks the label)
};

Plan make_plan(const std::string& equation, const std::vector<const Tensor*>& xs) {
  std::string eq;
  for (char c : equation)
    if (c != ' ') eq.push_back(c);
  const size_t arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  std::vector<std::vector<int>> terms;
  for (size_t start = 0;;) {
    const size_t comma = lhs.find(',', start);
    terms.push_back(
        parse_term(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start), equation));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (terms.size() != xs.size())
    eval_error("RD30", "Einsum: equation '" + equation + "' has " + std::to_string(terms.size()) + " terms for " +
                           std::to_string(xs.size()) + " inputs");
  // Ellipsis dimensions: right-aligned labels kLetters + (m - e) ... kLetters + m - 1.
  int64_t m = 0;
  std::vector<int64_t> ell(xs.size(), 0);
  for (size_t k = 0; k < xs.size(); ++k) {
    const int64_t letters = std::count_if(terms[k].begin(), terms[k].end(), [](int l) { return l != kEllipsis; });
    const bool has_ell = letters != static_cast<int64_t>(terms[k].size());
    ell[k] = xs[k]->rank() - letters;
    // [spec:RD31] a term names every dimension of its input.
    ONNXSEM_CLAUSE(RD31);
    if (ell[k] < 0 || (!has_ell && ell[k] != 0))
      eval_error("RD31", "Einsum: input " + std::to_string(k) + " of shape " + show(xs[k]->shape()) +
                             " does not match its term in '" + equation + "'");
    m = std::max(m, ell[k]);
  }
  // Each input's dimensions as label ids, and every label's size.
  std::map<int, int64_t> size;
  std::vector<int> first_seen;  // labels in order of first appearance
  std::map<int, int> count;
  std::vector<std::vector<int>> dims(xs.size());
  for (size_t k = 0; k < xs.size(); ++k) {
    for (int l : terms[k]) {
      if (l == kEllipsis) {
        for (int64_t e = m - ell[k]; e < m; ++e) dims[k].push_back(kLetters + static_cast<int>(e));
      } else {
        dims[k].push_back(l);
      }
    }
    for (size_t d = 0; d < dims[k].size(); ++d) {
      const int l = dims[k][d];
      const int64_t s = xs[k]->dim(static_cast<int64_t>(d));
      if (!count[l]++) first_seen.push_back(l);
      auto it = size.find(l);
      if (it == size.end()) {
        size[l] = s;
      } else if (it->second != s) {
        // (RD31) one letter, one size; ellipsis dimensions broadcast (B1).
        if (l >= kLetters && (it->second == 1 || s == 1)) it->second = std::max(it->second, s);
        else
          eval_error(l >= kLetters ? Clause("B1") : Clause("RD31"),
                     "Einsum: label sizes " + std::to_string(it->second) + " and " + std::to_string(s) +
                         " disagree in '" + equation + "'");
      }
    }
  }
  for (int64_t e = 0; e < m; ++e) size.try_emplace(kLetters + static_cast<int>(e), 1);
  // The output term.
  std::vector<int> out;
  if (arrow != std::string::npos) {
    for (int l : parse_term(eq.substr(arrow + 2), equation)) {
      if (l == kEllipsis) {
        for (int64_t e = 0; e < m; ++e) out.push_back(kLetters + static_cast<int>(e));
        continue;
      }
      // (RD30) output letters occur in the inputs, each once.
      if (!size.count(l) || std::find(out.begin(), out.end(), l) != out.end())
        eval_error("RD30", "Einsum: output letter of '" + equation + "' is repeated or absent from the inputs");
      out.push_back(l);
    }
  } else {
    // (RD32) implicit output: ellipsis dimensions, then letters occurring once, in ASCII order.
    for (int64_t e = 0; e < m; ++e) out.push_back(kLetters + static_cast<int>(e));
    std::vector<int> once;
    for (const auto& [l, c] : count)
      if (l < kLetters && c == 1) once.push_back(l);
    std::sort(once.begin(), once.end(), [](int a, int b) {  // by ASCII code: A < ... < Z < a < ... < z
      auto ascii = [](int l) { return l < 26 ? 'a' + l : 'A' + (l - 26); };
      return ascii(a) < ascii(b);
    });
    out.insert(out.end(), once.begin(), once.end());
  }
  std::vector<int> order = out;
  for (int l : first_seen)
    if (std::find(order.begin(), order.end(), l) == order.end()) order.push_back(l);
  Plan p;
  p.n_out = out.size();
  for (int l : order) p.size.push_back(size[l]);
  for (size_t q = 0; q < out.size(); ++q) p.out_shape.push_back(p.size[q]);
  for (size_t k = 0; k < xs.size(); ++k) {
    std::vector<int64_t> st(order.size(), 0), own(dims[k].size(), 1);
    for (size_t d = dims[k].size(); d-- > 1;) own[d - 1] = own[d] * xs[k]->dim(static_cast<int64_t>(d));
    for (size_t d = 0; d < dims[k].size(); ++d) {
      if (xs[k]->dim(static_cast<int64_t>(d)) == 1) continue;  // broadcast (or trivial) dimension
      const size_t q = static_cast<size_t>(std::find(order.begin(), order.end(), dims[k][d]) - order.begin());
      st[q] += own[d];  // a repeated label walks the diagonal
    }
    p.strides.push_back(std::move(st));
  }
  return p;
}

template <class T>
Tensor evaluate(EvalContext& cx, const Plan& p, const std::vector<const Tensor*>& xs) {
  using D = Domain<T>;
  using Acc = typename D::acc;
  auto [t, out] = Tensor::allocate<T>(cx, p.out_shape);
  std::vector<const T*> data;
  for (const Tensor* x : xs) data.push_back(x->data<T>().data());
  const size_t nl = p.size.size();
  int64_t inner = 1;  // index combinations of the summed labels per output element
  for (size_t q = p.n_out; q < nl; ++q) inner = work_product({inner, p.size[q]});
  // L5: one product of every operand per summed index combination and output element.
  cx.charge(work_product({static_cast<int64_t>(out.size()), inner, static_cast<int64_t>(xs.size())}),
            "Einsum's sums of products");
  std::vector<int64_t> idx(nl, 0), off(xs.size(), 0);
  // [spec:RD32] each output element sums its products in row-major order of the summed labels (taken in
  // order of first appearance), in binary64 (floats, rounded once) or with wrap-around (integers).
  ONNXSEM_CLAUSE(RD32);
  for (size_t o = 0; o < out.size(); ++o) {
    Acc acc = 0;
    for (int64_t s = 0; s < inner; ++s) {
      Acc prod = 1;
      for (size_t k = 0; k < xs.size(); ++k) prod = mul(prod, D::in(data[k][off[k]]));
      acc = add(acc, prod);
      for (size_t q = nl; q-- > 0;) {  // odometer over all labels, output labels outermost
        ++idx[q];
        for (size_t k = 0; k < xs.size(); ++k) off[k] += p.strides[k][q];
        if (idx[q] < p.size[q]) break;
        for (size_t k = 0; k < xs.size(); ++k) off[k] -= p.strides[k][q] * p.size[q];
        idx[q] = 0;
      }
    }
    if (inner == 0) {  // no summed combination: advance the output labels alone
      for (size_t q = p.n_out; q-- > 0;) {
        ++idx[q];
        if (idx[q] < p.size[q]) break;
        idx[q] = 0;
      }
    }
    out[o] = D::out(acc);
  }
  return t;
}

Kernel einsum_kernel() {
  return [](const KernelArgs& args) -> std::vector<std::optional<Value>> {
    EvalContext& cx = args.context();
    const std::optional<std::string> equation = attr_string_opt(args.node, "equation");
    if (!equation) eval_error("A1", "required attribute 'equation' is missing");
    std::vector<const Tensor*> xs;
    for (size_t k = 0; k < args.input_count(); ++k) xs.push_back(&args.tensor(k));
    if (xs.empty()) eval_error("RD30", "Einsum needs at least one input");
    for (const Tensor* x : xs)
      if (x->dtype() != xs[0]->dtype()) eval_error("RD30", "Einsum: inputs of different element types");
    const Plan p = make_plan(*equation, xs);
    Tensor y = dispatch(xs[0]->dtype(), numeric_types, "Einsum", [&](auto tt) {
      using T = typename decltype(tt)::type;
      return evaluate<T>(cx, p, xs);
    });
    return {Value(std::move(y))};
  };
}

}  // namespace

void add_einsum(Registry& r) { r.add("", "Einsum", {12}, einsum_kernel()); }

}  // namespace onnxsem::ops::la
