(* What the two formulations share: the fixpoint's final state read through the demand-driven evaluation.
   Theorems D4 (the formulations agree, and where they differ), C3 (the check's completeness conditions are
   sound) and R1 (a dead operation can be removed). *)
From Coq Require Import List Arith Lia Bool.
Import ListNotations.
From Onnxsem Require Import Base Run Demand.

Arguments DNone {Value}.
Arguments DFail {Value}.
Arguments DCycle {Value}.
Arguments DTwo {Value}.
Arguments INone {Value}.

Section Agree.

Variable Name : Type.
Variable name_eq_dec : forall a b : Name, {a = b} + {a <> b}.
Variable Value : Type.

Local Notation Operation := (Operation Name Value).
Local Notation Graph := (Graph Name Value).
Local Notation State := (State Name Value).
Local Notation assigned := (assigned name_eq_dec).
Local Notation update := (update name_eq_dec).

Section OneGraph.

Variable g : Graph.
Variable s0 : State.
Hypothesis HC1 : C1 name_eq_dec g s0.

Local Notation step := (step name_eq_dec g).
Local Notation run := (run name_eq_dec g).
Local Notation final := (final name_eq_dec g).
Local Notation dem := (dem name_eq_dec g s0).
Local Notation dem_ins := (dem_ins name_eq_dec g s0).

Implicit Types (s t : State) (o : Operation) (F : list nat) (vs : list Value).

Lemma writer_unique : forall o o' n, In o g -> In o' g -> In (Some n) (outs o) -> In (Some n) (outs o') ->
  o = o'.
Proof.
  intros o o' n H1 H2 H3 H4. destruct HC1 as [Hw _]. specialize (Hw n).
  assert (In o (writers name_eq_dec g n)) as W1 by (apply writers_spec; tauto).
  assert (In o' (writers name_eq_dec g n)) as W2 by (apply writers_spec; tauto).
  destruct (writers name_eq_dec g n) as [|x [|y l]]; simpl in *; [contradiction| |lia].
  destruct W1 as [<-|[]]; destruct W2 as [<-|[]]; reflexivity.
Qed.

(* The operation o has fired in s: its inputs have values, its operator succeeds on them, and each of its
   named outputs holds the corresponding result. *)
Definition fired s o : Prop :=
  (forall m, In (Some m) (ins o) -> s m <> None) /\
  exists vs, fire o (args s o) = Some vs /\ forall m, In (Some m) (outs o) -> s m = assigned (outs o) vs m.

(* What every configuration reached from the initial state satisfies: the initial values stay; every other
   name with a value was assigned by an operation that has fired; every failed operation had all its
   inputs and its operator fails on them. *)
Definition Inv (c : Config Name Value) : Prop :=
  (forall n v, s0 n = Some v -> fst c n = Some v) /\
  (forall n, fst c n <> None -> s0 n = None -> exists o, In o g /\ In (Some n) (outs o) /\ fired (fst c) o) /\
  (forall i, In i (snd c) -> exists o, nth_error g i = Some o /\
     (forall m, In (Some m) (ins o) -> fst c m <> None) /\ fire o (args (fst c) o) = None).

Lemma keeps_args : forall s s' o, (forall n v, s n = Some v -> s' n = Some v) ->
  (forall m, In (Some m) (ins o) -> s m <> None) ->
  (forall m, In (Some m) (ins o) -> s' m <> None) /\ args s' o = args s o.
Proof.
  intros s s' o Hm Hin. split.
  - intros m H. specialize (Hin m H). destruct (s m) eqn:E; [rewrite (Hm _ _ E); discriminate|contradiction].
  - apply args_ext. intros m H. specialize (Hin m H). destruct (s m) eqn:E; [apply Hm; assumption|contradiction].
Qed.

Lemma fired_keeps : forall s s' o, (forall n v, s n = Some v -> s' n = Some v) -> fired s o -> fired s' o.
Proof.
  intros s s' o Hm [Hin [vs [Hf Hout]]]. destruct (keeps_args _ _ _ Hm Hin) as [Hin' Ha].
  split; [assumption|]. exists vs. split; [rewrite Ha; assumption|].
  intros m Hm'. destruct (fire_assigns name_eq_dec _ _ _ Hf Hm') as [v Hv].
  rewrite Hv. apply Hm. rewrite Hout by assumption. exact Hv.
Qed.

Lemma Inv_init : Inv (s0, []).
Proof.
  split; [|split]; simpl.
  - tauto.
  - intros n H1 H2. contradiction.
  - intros i [].
Qed.

Lemma Inv_step : forall c c', step c c' -> Inv c -> Inv c'.
Proof.
  intros [s F] [s' F'] Hs [I1 [I2 I3]]. pose proof (step_mono Hs) as [Hm HF]. simpl in *.
  inversion Hs as [s1 F1 i o vs Hi He Hf|s1 F1 i o Hi He Hf]; subst.
  - split; [|split]; simpl.
    + intros n v H. apply Hm, I1, H.
    + intros n Hn H0. destruct (writes name_eq_dec o n) eqn:W;
        [apply writes_spec in W as Hin|assert (~ In (Some n) (outs o)) as Hin
           by (intro X; apply (proj2 (writes_spec name_eq_dec o n)) in X; congruence)].
      * exists o. split; [eapply nth_error_In; eassumption|]. split; [assumption|].
        destruct He as [_ [Hins _]]. destruct (keeps_args _ _ _ Hm Hins) as [Hins' Ha].
        split; [assumption|]. exists vs. split; [rewrite Ha; assumption|].
        intros m Hm'. unfold Base.update. destruct (fire_assigns name_eq_dec _ _ _ Hf Hm') as [v Hv].
        rewrite Hv. reflexivity.
      * rewrite update_other in Hn by assumption. destruct (I2 n Hn H0) as [o' [Ho' [Hn' Hf']]].
        exists o'. split; [assumption|]. split; [assumption|]. eapply fired_keeps; eassumption.
    + intros j Hj. destruct (I3 j Hj) as [o' [Ho' [Hins Hf']]]. exists o'. split; [assumption|].
      destruct (keeps_args _ _ _ Hm Hins) as [Hins' Ha]. split; [assumption|]. rewrite Ha. assumption.
  - split; [|split]; simpl; [assumption|assumption|].
    intros j [<-|Hj]; [|apply I3, Hj]. exists o. split; [assumption|]. destruct He as [_ [Hins _]]. tauto.
Qed.

Lemma run_Inv : forall k c c', run k c c' -> Inv c -> Inv c'.
Proof.
  intros k c c' H. induction H as [c|k c c1 c' Hs Hr IH]; [tauto|]. intros HI. apply IH. eapply Inv_step; eassumption.
Qed.

Lemma forallb_false : forall A (f : A -> bool) l, forallb f l = false -> exists x, In x l /\ f x = false.
Proof.
  intros A f l. induction l as [|a l IH]; simpl; [discriminate|].
  destruct (f a) eqn:E; simpl; [intros H; destruct (IH H) as [x [Hx Hf]]; eauto|eauto].
Qed.

(* At the end of a maximal run, an operation whose inputs all have values and that names an output has
   either failed or assigned some output. *)
Lemma final_fired : forall S F i o, final (S, F) -> nth_error g i = Some o ->
  (forall m, In (Some m) (ins o) -> S m <> None) -> (exists n, In (Some n) (outs o)) ->
  In i F \/ exists m, In (Some m) (outs o) /\ S m <> None.
Proof.
  intros S F i o Hfin Hi Hins Hn. destruct (in_dec Nat.eq_dec i F) as [|HF]; [left; assumption|right].
  destruct (forallb (undefined_in S) (outs o)) eqn:E.
  - exfalso. assert (exec S F i o) as He.
    { repeat split; try assumption. intros n Hn'. rewrite forallb_forall in E. specialize (E _ Hn').
      simpl in E. destruct (S n); [discriminate|reflexivity]. }
    destruct (fire o (args S o)) eqn:Hf; eapply Hfin; [eapply step_ok|eapply step_fail]; eassumption.
  - apply forallb_false in E as [[m|] [Hm Hu]]; [|discriminate]. exists m. split; [assumption|].
    simpl in Hu. destruct (S m); [discriminate|discriminate].
Qed.

(* The operation o of g that assigns n has fired at the end of a maximal run when n has a value. *)
Lemma writer_fired : forall S F n o, Inv (S, F) -> In o g -> In (Some n) (outs o) -> S n <> None ->
  fired S o.
Proof.
  intros S F n o [_ [I2 _]] Ho Hn HS. destruct HC1 as [_ H0].
  destruct (I2 n HS (H0 o n Ho Hn)) as [o' [Ho' [Hn' Hf]]]. simpl in Hf.
  rewrite (writer_unique _ _ _ Ho Ho' Hn Hn'). assumption.
Qed.

Lemma ins_error : forall vis xs ir, dem_ins vis xs ir -> forall e, ir = IErr e -> is_error e.
Proof.
  intros vis xs ir H. induction H; intros e0 E; try discriminate.
  - destruct r; simpl in E; try discriminate. apply IHdem_ins. assumption.
  - destruct r; simpl in E; try discriminate. apply IHdem_ins. assumption.
  - destruct r; simpl in E; try discriminate. apply IHdem_ins. assumption.
  - injection E as <-. assumption.
Qed.

Section Final.

Variables (S : State) (F : list nat).
Hypothesis HI : Inv (S, F).
Hypothesis Hfin : final (S, F).

(* [spec:D4] a demanded value is the fixpoint's value; the arguments the demand computes for an
   operation are its arguments in the final state. *)
Lemma dem_sound : forall vis n r, dem vis n r -> forall v, r = DVal v -> S n = Some v.
Proof.
  apply (dem_mut (fun vis n r _ => forall v, r = DVal v -> S n = Some v)
                 (fun vis xs ir _ => forall l, ir = IVals l ->
                    l = map (lookup S) xs /\ forall m, In (Some m) xs -> S m <> None)).
  - intros vis n v H v' E. injection E as <-. apply (proj1 HI). assumption.
  - intros. discriminate.
  - intros. discriminate.
  - intros. discriminate.
  - intros vis n o r H0 Hw Hnv Hins IH v E.
    assert (In o g /\ In (Some n) (outs o)) as [Ho Hn] by (apply writers_spec with name_eq_dec; rewrite Hw; left; reflexivity).
    destruct r as [xs| |e]; simpl in E.
    + destruct (IH xs eq_refl) as [Hxs Hdef]. fold (args S o) in Hxs. subst xs.
      destruct (fire o (args S o)) as [vs|] eqn:Hf; [|discriminate].
      destruct (In_nth_error g o Ho) as [i Hi].
      destruct (final_fired _ _ _ _ Hfin Hi Hdef (ex_intro _ n Hn)) as [HiF|[m [Hm HSm]]].
      * destruct (proj2 (proj2 HI) i HiF) as [o' [Hi' [_ Hf']]]. simpl in Hf'.
        rewrite Hi in Hi'. injection Hi' as <-. congruence.
      * destruct (writer_fired _ _ _ _ HI Ho Hm HSm) as [_ [vs' [Hf' Hout]]].
        rewrite Hf in Hf'. injection Hf' as <-. rewrite Hout by assumption.
        destruct (assigned (outs o) vs n); [congruence|discriminate].
    + discriminate.
    + exfalso. subst e. destruct (ins_error _ _ _ Hins _ eq_refl) as [H|[H|H]]; discriminate.
  - intros vis l E. injection E as <-. split; [reflexivity|intros m []].
  - intros vis xs r Hr IH l E. destruct r as [l'| |]; simpl in E; try discriminate. injection E as <-.
    destruct (IH l' eq_refl) as [H1 H2]. split; [simpl; f_equal; assumption|].
    intros m [H|H]; [discriminate|apply H2, H].
  - intros vis n v xs r Hn IHn Hr IH l E. destruct r as [l'| |]; simpl in E; try discriminate.
    injection E as <-. destruct (IH l' eq_refl) as [H1 H2]. pose proof (IHn v eq_refl) as Hv.
    split; [simpl; rewrite Hv; f_equal; assumption|].
    intros m [H|H]; [injection H as <-; congruence|apply H2, H].
  - intros vis n xs r _ _ _ _ l E. destruct r; discriminate.
  - intros. discriminate.
Qed.

Lemma dem_ins_sound : forall vis xs ir, dem_ins vis xs ir -> forall l, ir = IVals l ->
  l = map (lookup S) xs /\ forall m, In (Some m) xs -> S m <> None.
Proof.
  intros vis xs ir H. induction H as [vis|vis xs r Hr IH|vis n v xs r Hn Hr IH|vis n xs r Hn Hr IH|];
    intros l E; try discriminate.
  - injection E as <-. split; [reflexivity|intros m []].
  - destruct r as [l'| |]; simpl in E; try discriminate. injection E as <-.
    destruct (IH l' eq_refl) as [H1 H2]. split; [simpl; f_equal; assumption|].
    intros m [H|H]; [discriminate|apply H2, H].
  - destruct r as [l'| |]; simpl in E; try discriminate. injection E as <-.
    destruct (IH l' eq_refl) as [H1 H2]. pose proof (dem_sound _ _ _ Hn v eq_refl) as Hv.
    split; [simpl; rewrite Hv; f_equal; assumption|].
    intros m [H|H]; [injection H as <-; congruence|apply H2, H].
  - destruct r; discriminate.
Qed.

(* A name whose demand ends without value or with an operator failure has no value at the fixpoint either,
   and an operator failure on demand is a failed operation of the run. *)
Lemma dem_undefined : forall vis n r, dem vis n r ->
  (r = DNone -> S n = None) /\ (r = DFail -> S n = None /\ F <> []).
Proof.
  (* when an input of the writer of n has no value, n has none: the writer never fired *)
  assert (forall o n m, In o g -> In (Some n) (outs o) -> In (Some m) (ins o) -> S m = None -> S n = None)
    as Up.
  { intros o n m Ho Hn Hm HSm. destruct (S n) eqn:E; [|reflexivity]. exfalso.
    assert (S n <> None) as HS by congruence.
    destruct (writer_fired _ _ _ _ HI Ho Hn HS) as [Hins _]. apply (Hins m Hm HSm). }
  apply (dem_mut (fun vis n r _ => (r = DNone -> S n = None) /\ (r = DFail -> S n = None /\ F <> []))
                 (fun vis xs ir _ => (ir = INone -> exists m, In (Some m) xs /\ S m = None) /\
                    (ir = IErr DFail -> (exists m, In (Some m) xs /\ S m = None) /\ F <> []))).
  - intros. split; discriminate.
  - intros vis n H0 Hw. split; [|discriminate]. intros _. destruct (S n) eqn:E; [|reflexivity]. exfalso.
    assert (S n <> None) as HS by congruence.
    destruct (proj1 (proj2 HI) n HS H0) as [o [Ho [Hn _]]].
    assert (In o (writers name_eq_dec g n)) as W by (apply writers_spec; tauto). rewrite Hw in W. contradiction.
  - intros. split; discriminate.
  - intros. split; discriminate.
  - intros vis n o r H0 Hw Hnv Hins [IHn IHf].
    assert (In o g /\ In (Some n) (outs o)) as [Ho Hn]
      by (apply writers_spec with name_eq_dec; rewrite Hw; left; reflexivity).
    destruct r as [xs| |e]; simpl.
    + destruct (dem_ins_sound _ _ _ Hins xs eq_refl) as [Hxs Hdef]. fold (args S o) in Hxs. subst xs.
      destruct (fire o (args S o)) as [vs|] eqn:Hf.
      * split; [|destruct (assigned (outs o) vs n); discriminate]. intros E.
        destruct (fire_assigns name_eq_dec _ _ _ Hf Hn) as [v Hv]. rewrite Hv in E. discriminate.
      * split; [discriminate|intros _].
        assert (S n = None) as HSn.
        { destruct (S n) eqn:E; [|reflexivity]. exfalso. assert (S n <> None) as HS by congruence.
          destruct (writer_fired _ _ _ _ HI Ho Hn HS) as [_ [vs' [Hf' _]]]. congruence. }
        split; [assumption|]. destruct (In_nth_error g o Ho) as [i Hi].
        destruct (final_fired _ _ _ _ Hfin Hi Hdef (ex_intro _ n Hn)) as [HiF|[m [Hm HSm]]].
        -- destruct F; [contradiction|discriminate].
        -- exfalso. destruct (writer_fired _ _ _ _ HI Ho Hm HSm) as [_ [vs' [Hf' _]]]. congruence.
    + split; [|discriminate]. intros _. destruct (IHn eq_refl) as [m [Hm HSm]]. eapply Up; eassumption.
    + split.
      * intros ->. destruct (ins_error _ _ _ Hins _ eq_refl) as [H|[H|H]]; discriminate.
      * intros ->. destruct (IHf eq_refl) as [[m [Hm HSm]] HF]. split; [eapply Up; eassumption|assumption].
  - intros. split; discriminate.
  - intros vis xs r Hr [IH1 IH2]. destruct r as [l| |e]; simpl; split; intros E; try discriminate.
    + destruct (IH1 eq_refl) as [m [Hm HSm]]. exists m. split; [right|]; assumption.
    + injection E as ->. destruct (IH2 eq_refl) as [[m [Hm HSm]] HF].
      split; [exists m; split; [right|]; assumption|assumption].
  - intros vis n v xs r Hn _ Hr [IH1 IH2]. destruct r as [l| |e]; simpl; split; intros E; try discriminate.
    + destruct (IH1 eq_refl) as [m [Hm HSm]]. exists m. split; [right|]; assumption.
    + injection E as ->. destruct (IH2 eq_refl) as [[m [Hm HSm]] HF].
      split; [exists m; split; [right|]; assumption|assumption].
  - intros vis n xs r Hn [IHn _] Hr [IH1 IH2]. destruct r as [l| |e]; simpl; split; intros E; try discriminate;
      try (exists n; split; [left; reflexivity|apply IHn; reflexivity]).
    injection E as ->. destruct (IH2 eq_refl) as [[m [Hm HSm]] HF].
    split; [exists m; split; [right|]; assumption|assumption].
  - intros vis n e xs Hn [IHn IHf] He. split; [discriminate|]. intros E. injection E as ->.
    destruct (IHf eq_refl) as [HSn HF]. split; [exists n; split; [left; reflexivity|]|]; assumption.
Qed.

End Final.

(* [spec:D4] the two formulations agree: on a graph that satisfies C1 and has no cycle (W2), whatever the
   demand-driven evaluation gives a name is a value exactly when the fixpoint's final state holds that
   value; it never meets a cycle (W2) nor two writers (D2); and an operator failure on demand is a failure
   of the fixpoint too (E7). *)
Theorem D4_agree : W2 g -> forall k S F, run k (s0, []) (S, F) -> final (S, F) ->
  forall n r, dem [] n r ->
  (forall v, r = DVal v <-> S n = Some v) /\ r <> DCycle /\ r <> DTwo /\ (r = DFail -> F <> []).
Proof.
  intros HW2 k S F Hr Hfin n r Hd. pose proof (run_Inv _ _ _ Hr Inv_init) as HI.
  assert (r <> DCycle) as Nc by (eapply dem_not_cycle; eassumption).
  assert (r <> DTwo) as Nt by (eapply dem_not_two; eassumption).
  pose proof (dem_undefined S F HI Hfin _ _ _ Hd) as [Un Uf].
  split; [|split; [assumption|split; [assumption|]]].
  - intros v. split; [apply (dem_sound S F HI Hfin _ _ _ Hd)|]. intros HS.
    destruct r as [v'| | | |]; try contradiction.
    + rewrite (dem_sound S F HI Hfin _ _ _ Hd v' eq_refl) in HS. congruence.
    + rewrite (Un eq_refl) in HS. discriminate.
    + rewrite (proj1 (Uf eq_refl)) in HS. discriminate.
  - intros E. apply (Uf E).
Qed.

(* [spec:D4] where they differ on such a graph: only when an operation fails. Without failure, a name has
   the same value in both or no value in both (the C3 error of both formulations). *)
Theorem D4_no_failure : W2 g -> forall k S, run k (s0, []) (S, []) -> final (S, []) ->
  forall n r, dem [] n r -> (forall v, r = DVal v <-> S n = Some v) /\ (r = DNone <-> S n = None).
Proof.
  intros HW2 k S Hr Hfin n r Hd. destruct (D4_agree HW2 k S [] Hr Hfin n r Hd) as [Hv [Nc [Nt Nf]]].
  split; [assumption|]. split.
  - intros ->. pose proof (run_Inv _ _ _ Hr Inv_init) as HI.
    apply (proj1 (dem_undefined S [] HI Hfin _ _ _ Hd)). reflexivity.
  - intros HS. destruct r as [v| | | |]; try contradiction; [| reflexivity|].
    + rewrite (proj1 (Hv v) eq_refl) in HS. discriminate.
    + exfalso. apply (Nf eq_refl). reflexivity.
Qed.

(* [spec:D4] and when an operation fails, the fixpoint stops (E7) while the demand may succeed: exactly
   when the failed operation is dead for the outputs demanded. No name that depends on an output of a
   failed operation has a value, so an output with a value on demand never needs a failed operation. *)
Theorem D4_failed_is_dead : forall k S F, run k (s0, []) (S, F) -> final (S, F) ->
  forall i o m n, In i F -> nth_error g i = Some o -> In (Some m) (outs o) -> (n = m \/ dep g m n) ->
  S n = None.
Proof.
  intros k S F Hr Hfin i o m n Hi Ho Hm Hn. pose proof (run_Inv _ _ _ Hr Inv_init) as HI.
  assert (S m = None) as HSm.
  { destruct (S m) eqn:E; [|reflexivity]. exfalso. assert (S m <> None) as HS by congruence.
    destruct (writer_fired S F m o HI (nth_error_In _ _ Ho) Hm HS) as [_ [vs [Hf _]]].
    destruct (proj2 (proj2 HI) i Hi) as [o' [Ho' [_ Hf']]]. simpl in Hf'. congruence. }
  destruct Hn as [->|Hd]; [assumption|]. clear Hi Ho Hm.
  induction Hd as [o' a b Ho' Ha Hb|a b c Hab IHab Hbc IHbc]; [|apply IHbc, IHab, HSm].
  destruct (S b) eqn:E; [|reflexivity]. exfalso. assert (S b <> None) as HS by congruence.
  destruct (writer_fired S F b o' HI Ho' Hb HS) as [Hins _]. apply (Hins a Ha HSm).
Qed.

(* [spec:C3] the checks are sound for completeness: a graph that satisfies C1, W1 (every name read is
   defined), W2 (no cycle) and whose graph outputs are all defined (the check's part of C3) gives every graph
   output a value at the end of a maximal run in which no operation fails. *)
Theorem C3_complete : forall outputs, W1 g s0 -> W2 g -> C3_check g s0 outputs ->
  forall k S, run k (s0, []) (S, []) -> final (S, []) ->
  forall n, In n outputs -> exists v, S n = Some v.
Proof.
  intros outputs HW1 HW2 HC3 k S Hr Hfin n Hn.
  destruct (dem_total name_eq_dec g s0 [] n) as [r Hd].
  destruct (D4_agree HW2 k S [] Hr Hfin n r Hd) as [Hv [Nc [Nt Nf]]].
  destruct r as [v| | | |]; try contradiction.
  - exists v. apply Hv. reflexivity.
  - exfalso. eapply dem_none_undefined; [exact HW1|exact Hd|exact (HC3 n Hn)].
  - exfalso. apply (Nf eq_refl). reflexivity.
Qed.

End OneGraph.
Lemma C1_remove : forall pre (ok : Operation) post (s0 : State), C1 name_eq_dec (pre ++ ok :: post) s0 -> C1 name_eq_dec (pre ++ post) s0.
Proof.
  intros pre ok post s0 [Hw H0]. split.
  - intros n. specialize (Hw n). unfold writers in *. rewrite filter_app in *. simpl in Hw.
    rewrite app_length in *. destruct (writes name_eq_dec ok n); simpl in Hw; lia.
  - intros o n Ho Hn. apply (H0 o n); [|assumption]. apply in_app_iff in Ho. apply in_app_iff. simpl. tauto.
Qed.

Lemma W2_remove : forall pre (ok : Operation) post, W2 (pre ++ ok :: post) -> W2 (pre ++ post).
Proof.
  intros pre ok post HW n Hd. apply (HW n).
  assert (forall a b, dep (pre ++ post) a b -> dep (pre ++ ok :: post) a b) as Sub.
  { intros a b H. induction H as [o a b Ho Ha Hb|a b c _ IH1 _ IH2].
    - apply dep_op with o; [|assumption|assumption]. apply in_app_iff in Ho. apply in_app_iff. simpl. tauto.
    - eapply dep_trans; eassumption. }
  apply Sub, Hd.
Qed.

(* [spec:R1] removing a dead operation ok (none of its outputs is read by another operation or is a graph
   output) from a graph that satisfies C1 and W2 changes no graph output's value at the end of maximal
   runs. (In the model the outputs agree even when ok fails; under E7 the failure of ok stops the
   evaluation of the original graph, the difference D4 names.) *)
Theorem R1_dead_operation : forall pre (ok : Operation) post (s0 : State) outputs k k' S F S' F',
  C1 name_eq_dec (pre ++ ok :: post) s0 -> W2 (pre ++ ok :: post) ->
  (forall o m, In o (pre ++ post) -> In (Some m) (ins o) -> ~ In (Some m) (outs ok)) ->
  (forall n, In n outputs -> ~ In (Some n) (outs ok)) ->
  run name_eq_dec (pre ++ ok :: post) k (s0, []) (S, F) -> final name_eq_dec (pre ++ ok :: post) (S, F) ->
  run name_eq_dec (pre ++ post) k' (s0, []) (S', F') -> final name_eq_dec (pre ++ post) (S', F') ->
  forall n, In n outputs -> S n = S' n.
Proof.
  intros pre ok post s0 outputs k k' S F S' F' HC HW Hdead Hout Hr Hf Hr' Hf' n Hn.
  destruct (dem_total name_eq_dec (pre ++ post) s0 [] n) as [r Hd'].
  assert (dem name_eq_dec (pre ++ ok :: post) s0 [] n r) as Hd
    by (apply (proj2 (dem_remove_dead name_eq_dec pre ok post s0 Hdead [] n r (Hout n Hn))); assumption).
  destruct (D4_agree _ _ HC HW k S F Hr Hf n r Hd) as [Hv _].
  destruct (D4_agree _ _ (C1_remove _ _ _ _ HC) (W2_remove _ _ _ HW) k' S' F' Hr' Hf' n r Hd') as [Hv' _].
  destruct (S n) as [v|] eqn:E.
  - symmetry. apply (proj1 (Hv' v)), (proj2 (Hv v)). reflexivity.
  - destruct (S' n) as [v'|] eqn:E'; [|reflexivity]. exfalso.
    assert (r = DVal v') as Hr'' by (apply Hv'; reflexivity). apply Hv in Hr''. discriminate.
Qed.

End Agree.
