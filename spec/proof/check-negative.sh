#!/usr/bin/env bash
# The proof check can fail: on a copy of spec/proof/, (1) the last proof of R1_dead_operation closed with
# Admitted instead of Qed, (2) E6_order_independence without its C1 hypothesis (the proof no longer
# holds) must each make check.sh fail, with the reason it gives.
set -uo pipefail
src=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
mutate() {  # NAME FILE PERL-EXPRESSION EXPECTED-MESSAGE
  rm -rf "$work/p"; mkdir "$work/p"; cp "$src"/*.v "$work/p/"
  perl -0pi -e "$3" "$work/p/$2"
  if cmp -s "$src/$2" "$work/p/$2"; then echo "negative proof test $1: the mutation did not apply"; status=1; return; fi
  out=$(bash "$src/check.sh" "$work/p" 2>&1); rc=$?
  if [ "$rc" -eq 0 ]; then echo "negative proof test $1: check.sh accepted it"; status=1
  elif ! grep -q "$4" <<<"$out"; then echo "negative proof test $1: refused without \"$4\":"; echo "$out"; status=1
  else echo "negative proof test $1: refused ($(grep -m1 "$4" <<<"$out"))"; fi
}
mutate admitted Agree.v 's/(\n    assert \(r = DVal v.\) as Hr.. by \(apply Hv.; reflexivity\)\. apply Hv in Hr..\. discriminate\.\n)Qed\./$1Admitted./' \
  "leave a proof open"
mutate no-C1 Run.v 's/(Theorem E6_order_independence : forall s0 k1 k2 c1 c2, )C1 name_eq_dec g s0 ->/$1/' \
  "does not compile"
exit $status
