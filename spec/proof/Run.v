(* The fixpoint formulation of spec/graph.md (E1-E7): executable operations, firing, runs under any
   schedule, and the theorems E6 (order independence, termination). *)
From Coq Require Import List Arith Lia Bool.
Import ListNotations.
From Onnxsem Require Import Base.
Set Implicit Arguments.

Section Run.

Variable Name : Type.
Variable name_eq_dec : forall a b : Name, {a = b} + {a <> b}.
Variable Value : Type.

Local Notation Operation := (Operation Name Value).
Local Notation Graph := (Graph Name Value).
Local Notation State := (State Name Value).
Local Notation update := (update name_eq_dec).
Local Notation assigned := (assigned name_eq_dec).

Variable g : Graph.

Implicit Types (s t : State) (o : Operation) (F G : list nat) (vs : list Value).

(* A configuration: the state, and the positions of the operations whose firing failed. E7 stops the
   evaluation at the first failure; the model goes on without the failed operation (as the constant part
   does, PE1), so that it can say which operations fail: an evaluation under E7 fails exactly when a
   maximal run of the model has a failed operation (the run up to E7's stop is a prefix of such a run). *)
Definition Config : Type := (State * list nat)%type.

(* [spec:E2] the operation o at position i is executable: it has not failed, every named input has a
   value, no named output has one, and it names at least one output. *)
Definition exec (s : State) (F : list nat) (i : nat) (o : Operation) : Prop :=
  ~ In i F /\
  (forall n, In (Some n) (ins o) -> s n <> None) /\
  (forall n, In (Some n) (outs o) -> s n = None) /\
  (exists n, In (Some n) (outs o)).

(* [spec:E3] [spec:E5] one firing: any executable operation (the scheduler's choice is arbitrary, so
   every schedule is a sequence of steps) is applied to its arguments; its outputs get the results, or,
   when the operator fails, the operation is marked failed and the state is unchanged. *)
Inductive step : Config -> Config -> Prop :=
| step_ok : forall s F i o vs, nth_error g i = Some o -> exec s F i o -> fire o (args s o) = Some vs ->
    step (s, F) (update s (outs o) vs, F)
| step_fail : forall s F i o, nth_error g i = Some o -> exec s F i o -> fire o (args s o) = None ->
    step (s, F) (s, i :: F).

(* A run of k firings. *)
Inductive run : nat -> Config -> Config -> Prop :=
| run_0 : forall c, run 0 c c
| run_S : forall k c c' c'', step c c' -> run k c' c'' -> run (S k) c c''.

(* [spec:E6] a run is maximal when no operation is executable at its end. *)
Implicit Types (c d : Config).

Definition final (c : Config) : Prop := forall c', ~ step c c'.

(* Two configurations are the same: the same value for every name, the same failed operations. *)
Definition ceq (c d : Config) : Prop :=
  (forall n, fst c n = fst d n) /\ (forall i, In i (snd c) <-> In i (snd d)).

Lemma ceq_refl : forall c, ceq c c.
Proof. intros c. split; intros; tauto. Qed.

Lemma ceq_sym : forall c d, ceq c d -> ceq d c.
Proof. intros c d [H1 H2]. split; intros; [symmetry; apply H1|rewrite H2; tauto]. Qed.

Lemma ceq_trans : forall c d e, ceq c d -> ceq d e -> ceq c e.
Proof.
  intros c d e [H1 H2] [H3 H4]. split; intros; [rewrite H1; apply H3|rewrite H2; apply H4].
Qed.

(* ---------------------------------------------------------------------------------------------------- *)
(* Firing only adds: a name with a value keeps it, a failed operation stays failed. *)

Lemma args_ext : forall s t o, (forall n, In (Some n) (ins o) -> s n = t n) -> args s o = args t o.
Proof.
  intros s t o H. unfold args. apply map_ext_in. intros [n|] Hn; simpl; [apply H; assumption|reflexivity].
Qed.

Lemma update_keeps : forall s os vs n, (forall m, In (Some m) os -> s m = None) -> s n <> None ->
  update s os vs n = s n.
Proof.
  intros s os vs n H Hn. apply update_other. intro Hin. apply Hn, H, Hin.
Qed.

Lemma step_mono : forall s F s' F', step (s, F) (s', F') ->
  (forall n v, s n = Some v -> s' n = Some v) /\ (forall i, In i F -> In i F').
Proof.
  intros s F s' F' H. inversion H; subst.
  - split; [|tauto]. intros n v Hv. destruct H5 as [_ [_ [Hout _]]].
    rewrite update_keeps; [assumption|assumption|congruence].
  - split; [tauto|]. intros; right; assumption.
Qed.

Lemma run_mono : forall k c c', run k c c' ->
  (forall n v, fst c n = Some v -> fst c' n = Some v) /\ (forall i, In i (snd c) -> In i (snd c')).
Proof.
  intros k c c' H. induction H as [c|k c c' c'' Hs Hr [IH1 IH2]]; [split; tauto|].
  destruct c as [s F], c' as [s' F']. apply step_mono in Hs as [H1 H2]. simpl in *.
  split; intros; [apply IH1, H1|apply IH2, H2]; assumption.
Qed.

(* ---------------------------------------------------------------------------------------------------- *)
(* Steps respect the sameness of configurations. *)

Lemma exec_ceq : forall s F t G i o, ceq (s, F) (t, G) -> exec s F i o -> exec t G i o.
Proof.
  intros s F t G i o [Hs HF] [H1 [H2 [H3 H4]]]. simpl in *. repeat split.
  - rewrite <- HF. assumption.
  - intros n Hn. rewrite <- Hs. apply H2, Hn.
  - intros n Hn. rewrite <- Hs. apply H3, Hn.
  - assumption.
Qed.

Lemma step_ceq : forall c d c', ceq c d -> step c c' -> exists d', step d d' /\ ceq c' d'.
Proof.
  intros c [t G] c' Hcd Hst. inversion Hst as [s F i o vs Hi He Hf|s F i o Hi He Hf]; subst.
  - assert (args s o = args t o) as Ha by (apply args_ext; intros; apply (proj1 Hcd)).
    exists (update t (outs o) vs, G). split.
    + eapply step_ok; [eassumption|eapply exec_ceq; eassumption|congruence].
    + split; simpl; [intros n; unfold Base.update; pose proof (proj1 Hcd n) as E; simpl in E; rewrite E; reflexivity|apply (proj2 Hcd)].
  - assert (args s o = args t o) as Ha by (apply args_ext; intros; apply (proj1 Hcd)).
    exists (t, i :: G). split.
    + eapply step_fail; [eassumption|eapply exec_ceq; eassumption|congruence].
    + split; simpl; [apply (proj1 Hcd)|intros j; rewrite (proj2 Hcd j); tauto].
Qed.

Lemma run_ceq : forall k c d c', ceq c d -> run k c c' -> exists d', run k d d' /\ ceq c' d'.
Proof.
  intros k c d c' Hcd Hr. revert d Hcd. induction Hr as [c|k c c1 c' Hs Hr IH]; intros d Hcd.
  - exists d. split; [constructor|assumption].
  - destruct (step_ceq Hcd Hs) as [d1 [Hs' H1]]. destruct (IH d1 H1) as [d' [Hr' H']].
    exists d'. split; [econstructor; eassumption|assumption].
Qed.

Lemma final_ceq : forall c d, ceq c d -> final c -> final d.
Proof.
  intros c d Hcd Hf d' Hs. destruct (step_ceq (ceq_sym Hcd) Hs) as [c' [Hs' _]]. apply (Hf c' Hs').
Qed.

(* ---------------------------------------------------------------------------------------------------- *)
(* The diamond: two different executable operations can fire in either order with the same result. *)

Lemma update_comm : forall s os1 vs1 os2 vs2,
  (forall n, assigned os1 vs1 n = None \/ assigned os2 vs2 n = None) ->
  forall n, update (update s os1 vs1) os2 vs2 n = update (update s os2 vs2) os1 vs1 n.
Proof.
  intros s os1 vs1 os2 vs2 H n. unfold Base.update.
  destruct (H n) as [E|E]; rewrite E; destruct (assigned _ _ n); reflexivity.
Qed.

(* After o1 at position i fires in s (with any result), o2 at another position j is still executable, with
   the same arguments. *)
Lemma other_still_exec : forall s0 s F i j o1 o2 s' F', C1 name_eq_dec g s0 -> i <> j ->
  nth_error g i = Some o1 -> nth_error g j = Some o2 -> exec s F i o1 -> exec s F j o2 ->
  (forall n, ~ In (Some n) (outs o1) -> s' n = s n) -> (forall k, In k F' -> In k F \/ k = i) ->
  exec s' F' j o2 /\ args s' o2 = args s o2.
Proof.
  intros s0 s F i j o1 o2 s' F' HC Hij Hi Hj [_ [_ [Hout1 _]]] [HF2 [Hin2 [Hout2 Hn2]]] Hs' HF'.
  assert (forall n, In (Some n) (ins o2) -> s' n = s n) as Hins.
  { intros n Hn. apply Hs'. intro H1. apply (Hin2 n Hn), Hout1, H1. }
  split; [|apply args_ext; exact Hins]. repeat split.
  - intro H. destruct (HF' j H) as [H'|H']; [contradiction|congruence].
  - intros n Hn. rewrite Hins by assumption. apply Hin2, Hn.
  - intros n Hn. rewrite Hs'; [apply Hout2, Hn|]. intro H1. apply Hij.
    eapply C1_distinct; eassumption.
  - assumption.
Qed.

Lemma diamond : forall s0 c c1 c2, C1 name_eq_dec g s0 -> step c c1 -> step c c2 ->
  ceq c1 c2 \/ exists d1 d2, step c1 d1 /\ step c2 d2 /\ ceq d1 d2.
Proof.
  intros s0 c c1 c2 HC H1 H2.
  inversion H1 as [s F i o1 vs1 Hi He1 Hf1|s F i o1 Hi He1 Hf1]; subst;
  inversion H2 as [s' F' j o2 vs2 Hj He2 Hf2|s' F' j o2 Hj He2 Hf2]; subst;
  (destruct (Nat.eq_dec i j) as [<-|Hij];
   [left; rewrite Hi in Hj; injection Hj as <-; rewrite Hf1 in Hf2; try discriminate;
    try (injection Hf2 as <-); apply ceq_refl|right]);
  assert (j <> i) as Hji by auto;
  (* what each firing leaves unchanged *)
  assert (forall vs n, ~ In (Some n) (outs o1) -> update s (outs o1) vs n = s n) as U1
    by (intros; apply update_other; assumption);
  assert (forall vs n, ~ In (Some n) (outs o2) -> update s (outs o2) vs n = s n) as U2
    by (intros; apply update_other; assumption);
  assert (forall k, In k F -> In k F \/ k = i) as Fi by (intros; left; assumption);
  assert (forall k, In k F -> In k F \/ k = j) as Fj by (intros; left; assumption);
  assert (forall k, In k (i :: F) -> In k F \/ k = i) as Fi' by (simpl; intros k [H|H]; auto);
  assert (forall k, In k (j :: F) -> In k F \/ k = j) as Fj' by (simpl; intros k [H|H]; auto);
  assert (forall n, ~ In (Some n) (outs o1) -> s n = s n) as R1 by reflexivity;
  assert (forall n, ~ In (Some n) (outs o2) -> s n = s n) as R2 by reflexivity.
  - (* both succeed *)
    destruct (@other_still_exec s0 s F i j o1 o2 _ _ HC Hij Hi Hj He1 He2 (U1 vs1) Fi) as [Hx2 Ha2].
    destruct (@other_still_exec s0 s F j i o2 o1 _ _ HC Hji Hj Hi He2 He1 (U2 vs2) Fj) as [Hx1 Ha1].
    eexists; eexists; split; [eapply step_ok; [exact Hj|exact Hx2|try rewrite Ha2; exact Hf2]|].
    split; [eapply step_ok; [exact Hi|exact Hx1|try rewrite Ha1; exact Hf1]|].
    split; simpl; [|tauto]. apply update_comm. intros n.
    destruct (assigned (outs o1) vs1 n) eqn:E1; [right|left; reflexivity].
    destruct (assigned (outs o2) vs2 n) eqn:E2; [|reflexivity]. exfalso. apply Hij.
    eapply C1_distinct; try eassumption; eapply assigned_in; eassumption.
  - (* o1 succeeds, o2 fails *)
    destruct (@other_still_exec s0 s F i j o1 o2 _ _ HC Hij Hi Hj He1 He2 (U1 vs1) Fi) as [Hx2 Ha2].
    destruct (@other_still_exec s0 s F j i o2 o1 _ _ HC Hji Hj Hi He2 He1 R2 Fj') as [Hx1 Ha1].
    eexists; eexists; split; [eapply step_fail; [exact Hj|exact Hx2|try rewrite Ha2; exact Hf2]|].
    split; [eapply step_ok; [exact Hi|exact Hx1|try rewrite Ha1; exact Hf1]|].
    split; simpl; [reflexivity|tauto].
  - (* o1 fails, o2 succeeds *)
    destruct (@other_still_exec s0 s F i j o1 o2 _ _ HC Hij Hi Hj He1 He2 R1 Fi') as [Hx2 Ha2].
    destruct (@other_still_exec s0 s F j i o2 o1 _ _ HC Hji Hj Hi He2 He1 (U2 vs2) Fj) as [Hx1 Ha1].
    eexists; eexists; split; [eapply step_ok; [exact Hj|exact Hx2|try rewrite Ha2; exact Hf2]|].
    split; [eapply step_fail; [exact Hi|exact Hx1|try rewrite Ha1; exact Hf1]|].
    split; simpl; [reflexivity|tauto].
  - (* both fail *)
    destruct (@other_still_exec s0 s F i j o1 o2 _ _ HC Hij Hi Hj He1 He2 R1 Fi') as [Hx2 Ha2].
    destruct (@other_still_exec s0 s F j i o2 o1 _ _ HC Hji Hj Hi He2 He1 R2 Fj') as [Hx1 Ha1].
    eexists; eexists; split; [eapply step_fail; [exact Hj|exact Hx2|try rewrite Ha2; exact Hf2]|].
    split; [eapply step_fail; [exact Hi|exact Hx1|try rewrite Ha1; exact Hf1]|].
    split; simpl; [reflexivity|tauto].
Qed.

(* ---------------------------------------------------------------------------------------------------- *)
(* Termination: the number of operations still able to fire decreases with every firing. *)

Definition undefined_in s (x : option Name) : bool :=
  match x with Some n => match s n with None => true | Some _ => false end | None => true end.
Definition defined_in s (x : option Name) : bool :=
  match x with Some n => match s n with None => false | Some _ => true end | None => true end.
Definition is_some (x : option Name) : bool := match x with Some _ => true | None => false end.
Definition failed F i : bool := if in_dec Nat.eq_dec i F then true else false.

(* An operation is live when it has not fired (no named output has a value) and has not failed. *)
Definition live c i : bool :=
  match nth_error g i with
  | Some o => negb (failed (snd c) i) && forallb (undefined_in (fst c)) (outs o) && existsb is_some (outs o)
  | None => false
  end.

Definition exec_b c i : bool :=
  match nth_error g i with
  | Some o => live c i && forallb (defined_in (fst c)) (ins o)
  | None => false
  end.

Lemma exec_b_spec : forall s F i, exec_b (s, F) i = true <-> exists o, nth_error g i = Some o /\ exec s F i o.
Proof.
  intros s F i. unfold exec_b, live, exec, failed. simpl. destruct (nth_error g i) as [o|]; [|split; [discriminate|intros [o [H _]]; discriminate]].
  rewrite !andb_true_iff, negb_true_iff, forallb_forall, forallb_forall, existsb_exists. split.
  - intros [[[HF Hout] [x [Hx Hs]]] Hin]. exists o. split; [reflexivity|]. repeat split.
    + destruct (in_dec Nat.eq_dec i F); [discriminate|assumption].
    + intros n Hn. specialize (Hin _ Hn). simpl in Hin. destruct (s n); discriminate.
    + intros n Hn. specialize (Hout _ Hn). simpl in Hout. destruct (s n); [discriminate|reflexivity].
    + destruct x as [n|]; [exists n; assumption|discriminate].
  - intros [o' [E [HF [Hin [Hout [n Hn]]]]]]. injection E as <-. repeat split.
    + destruct (in_dec Nat.eq_dec i F); [contradiction|reflexivity].
    + intros [m|] Hm; simpl; [rewrite (Hout m Hm)|]; reflexivity.
    + exists (Some n). split; [assumption|reflexivity].
    + intros [m|] Hm; simpl; [destruct (s m) eqn:E; [reflexivity|exfalso; apply (Hin m Hm E)]|reflexivity].
Qed.

Definition measure c : nat := length (filter (live c) (seq 0 (length g))).

Lemma filter_length_le' : forall A (f : A -> bool) l, length (filter f l) <= length l.
Proof. intros A f l. induction l as [|a l IH]; simpl; [lia|destruct (f a); simpl; lia]. Qed.

Lemma measure_le : forall c, measure c <= length g.
Proof.
  intros c. unfold measure. rewrite <- (seq_length (length g) 0) at 2. apply filter_length_le'.
Qed.

Lemma live_mono : forall c c', step c c' -> forall i, live c' i = true -> live c i = true.
Proof.
  intros [s F] [s' F'] Hs i. apply step_mono in Hs as [Hv HF]. unfold live, failed; simpl.
  destruct (nth_error g i) as [o|]; [|discriminate].
  rewrite !andb_true_iff, !negb_true_iff, !forallb_forall. intros [[H1 H2] H3]. repeat split; [| |assumption].
  - destruct (in_dec Nat.eq_dec i F) as [H|]; [|reflexivity].
    destruct (in_dec Nat.eq_dec i F'); [discriminate|exfalso; auto].
  - intros [n|] Hn; simpl; [|reflexivity]. specialize (H2 _ Hn). simpl in H2.
    destruct (s n) eqn:E; [rewrite (Hv _ _ E) in H2; discriminate|reflexivity].
Qed.

Lemma step_measure : forall c c', step c c' -> measure c' < measure c.
Proof.
  intros c c' Hs. unfold measure.
  assert (forall y, In y (seq 0 (length g)) -> live c' y = true -> live c y = true) as Hm
    by (intros; eapply live_mono; eassumption).
  inversion Hs as [s F i o vs Hi He Hf|s F i o Hi He Hf]; subst;
    (apply (filter_length_strict _ _ _ i Hm);
     [apply in_seq; split; [lia|simpl; apply nth_error_Some; congruence]
     |assert (exec_b (s, F) i = true) as H by (apply exec_b_spec; eauto);
      unfold exec_b in H; rewrite Hi in H; apply andb_true_iff in H; tauto
     |]).
  - destruct He as [_ [_ [_ [n Hn]]]]. destruct (fire_assigns name_eq_dec _ _ _ Hf Hn) as [v Hv].
    unfold live; simpl. rewrite Hi. apply andb_false_iff. left. apply andb_false_iff. right.
    apply not_true_iff_false. rewrite forallb_forall. intros H. specialize (H _ Hn). simpl in H.
    unfold Base.update in H. rewrite Hv in H. discriminate.
  - unfold live, failed; cbn [fst snd]. rewrite Hi. destruct (in_dec Nat.eq_dec i (i :: F)) as [_|N]; [reflexivity|].
    exfalso. apply N. left. reflexivity.
Qed.

Lemma run_measure : forall k c c', run k c c' -> k + measure c' <= measure c.
Proof.
  intros k c c' H. induction H as [c|k c c1 c' Hs Hr IH]; [lia|].
  pose proof (step_measure Hs). lia.
Qed.

(* Either some operation is executable, or the configuration is final: it is decidable. *)
Lemma step_or_final : forall c, (exists c', step c c') \/ final c.
Proof.
  intros [s F]. destruct (existsb (exec_b (s, F)) (seq 0 (length g))) eqn:E.
  - left. apply existsb_exists in E as [i [_ Hi]]. apply exec_b_spec in Hi as [o [Hi He]].
    destruct (fire o (args s o)) eqn:Hf; eexists; [eapply step_ok|eapply step_fail]; eassumption.
  - right. intros c' Hs. inversion Hs as [s1 F1 i o vs Hi He Hf|s1 F1 i o Hi He Hf]; subst.
    all: (assert (exec_b (s, F) i = true) as Hb by (apply exec_b_spec; eauto);
          assert (In i (seq 0 (length g))) as Hin
            by (apply in_seq; split; [lia|apply nth_error_Some; congruence]);
          assert (existsb (exec_b (s, F)) (seq 0 (length g)) = true) as T
            by (apply existsb_exists; eauto); congruence).
Qed.

(* From every configuration some maximal run starts. *)
Lemma maximal_exists : forall c, exists k c', run k c c' /\ final c'.
Proof.
  assert (forall m c, measure c <= m -> exists k c', run k c c' /\ final c') as H.
  { induction m as [|m IH]; intros c Hc; destruct (step_or_final c) as [[c1 Hs]|Hf];
      try (exists 0, c; split; [constructor|assumption]).
    - pose proof (step_measure Hs). lia.
    - pose proof (step_measure Hs). destruct (IH c1) as [k [c' [Hr Hf]]]; [lia|].
      exists (S k), c'. split; [econstructor; eassumption|assumption]. }
  intros c. apply (H (measure c) c). lia.
Qed.

(* ---------------------------------------------------------------------------------------------------- *)
(* Order independence. *)

Lemma final_unique : forall s0, C1 name_eq_dec g s0 -> forall m c, measure c <= m ->
  forall k1 k2 c1 c2, run k1 c c1 -> final c1 -> run k2 c c2 -> final c2 -> ceq c1 c2.
Proof.
  intros s0 HC. induction m as [|m IH]; intros c Hc k1 k2 c1 c2 H1 F1 H2 F2.
  - destruct H1 as [c|k1 c c' c1 Hs _]; [|pose proof (step_measure Hs); lia].
    destruct H2 as [c|k2 c c' c2 Hs _]; [apply ceq_refl|exfalso; apply (F1 _ Hs)].
  - destruct H1 as [c|k1 c c' c1 Hs1 Hr1].
    { destruct H2 as [c|k2 c c' c2 Hs _]; [apply ceq_refl|exfalso; apply (F1 _ Hs)]. }
    destruct H2 as [c|k2 c c'' c2 Hs2 Hr2]; [exfalso; apply (F2 _ Hs1)|].
    pose proof (step_measure Hs1) as M1. pose proof (step_measure Hs2) as M2.
    destruct (diamond HC Hs1 Hs2) as [E|[d1 [d2 [S1 [S2 E]]]]].
    + (* the same firing *)
      destruct (run_ceq (ceq_sym E) Hr2) as [e [Hr' Ee]].
      apply ceq_trans with e; [|apply ceq_sym; assumption].
      apply (IH c' ltac:(lia) k1 k2 c1 e Hr1 F1 Hr' (final_ceq Ee F2)).
    + (* two firings, completed in either order *)
      destruct (maximal_exists d1) as [k [e [Hre Fe]]].
      destruct (run_ceq E Hre) as [e' [Hre' Ee]].
      apply ceq_trans with e.
      * apply (IH c' ltac:(lia) k1 (S k) c1 e Hr1 F1 (run_S S1 Hre) Fe).
      * apply ceq_trans with e'; [assumption|].
        apply ceq_sym, (IH c'' ltac:(lia) k2 (S k) c2 e' Hr2 F2 (run_S S2 Hre') (final_ceq Ee Fe)).
Qed.

(* [spec:E6] order independence: under C1, every maximal run from the initial state (E1) s0, whatever the
   schedule, ends in the same state, and the same operations fail. *)
Theorem E6_order_independence : forall s0 k1 k2 c1 c2, C1 name_eq_dec g s0 ->
  run k1 (s0, []) c1 -> final c1 -> run k2 (s0, []) c2 -> final c2 -> ceq c1 c2.
Proof.
  intros. eapply final_unique; try eassumption. apply le_n.
Qed.

(* [spec:E6] termination: every run fires at most as many times as the graph has operations, and a maximal
   run exists (no C1 needed). *)
Theorem E6_termination : forall s0 k c, run k (s0, []) c -> k <= length g.
Proof.
  intros s0 k c H. pose proof (run_measure H). pose proof (measure_le (s0, [])). lia.
Qed.

Theorem E6_maximal_run : forall s0, exists k c, run k (s0, []) c /\ final c.
Proof. intros. apply maximal_exists. Qed.

End Run.
