(* The demand-driven formulation of spec/graph.md (D1-D3) and the well-formedness conditions it meets:
   W1 (defined names), W2 (no cycle) and the C3 check. *)
From Coq Require Import List Arith Lia Bool.
Import ListNotations.
From Onnxsem Require Import Base.
Set Implicit Arguments.

Section Demand.

Variable Name : Type.
Variable name_eq_dec : forall a b : Name, {a = b} + {a <> b}.
Variable Value : Type.

Local Notation Operation := (Operation Name Value).
Local Notation Graph := (Graph Name Value).
Local Notation State := (State Name Value).
Local Notation writers := (writers name_eq_dec).
Local Notation assigned := (assigned name_eq_dec).

(* The outcome of demanding a name: its value; no value (an operation on the way has an input without
   value, or nothing assigns the name); or one of the errors that stop the evaluation: an operator failed
   (E7), the name lies on a cycle (W2), the name has two writers (D2). *)
Inductive dres : Type :=
| DVal (v : Value)
| DNone
| DFail
| DCycle
| DTwo.

(* The outcome of demanding an operation's inputs: the argument list, no value for some input, or the
   first error met. *)
Inductive ires : Type :=
| IVals (xs : list (option Value))
| INone
| IErr (e : dres).

Definition is_error (r : dres) : Prop := r = DFail \/ r = DCycle \/ r = DTwo.

Definition cons_val (x : option Value) (r : ires) : ires :=
  match r with IVals xs => IVals (x :: xs) | other => other end.

Definition mark_none (r : ires) : ires :=
  match r with IVals _ => INone | other => other end.

(* [spec:D3] what the operation o gives its output n once its inputs have been demanded. *)
Definition result (o : Operation) (n : Name) (r : ires) : dres :=
  match r with
  | IErr e => e
  | INone => DNone
  | IVals xs =>
      match fire o xs with
      | None => DFail
      | Some vs => match assigned (outs o) vs n with Some v => DVal v | None => DNone end
      end
  end.

Section OneGraph.

Variable g : Graph.
Variable s0 : State.

(* [spec:D1] [spec:D2] [spec:D3] demanding the name n while the names vis are being demanded (the stack
   of the recursion): its initial value; else no value when nothing assigns it; the error D2 when two
   operations do; W2 when it is already being demanded (a cycle); else the result of its one writer,
   evaluated after demanding each of that writer's named inputs in order (every input is demanded, the
   first error stops the evaluation, an input without value leaves the outputs without value). The model
   recomputes an operation each time one of its outputs is demanded; the implementation remembers it
   (each operation evaluated at most once), which gives the same results since operators are functions. *)
Inductive dem : list Name -> Name -> dres -> Prop :=
| dem_init : forall vis n v, s0 n = Some v -> dem vis n (DVal v)
| dem_none : forall vis n, s0 n = None -> writers g n = [] -> dem vis n DNone
| dem_two : forall vis n o1 o2 os, s0 n = None -> writers g n = o1 :: o2 :: os -> dem vis n DTwo
| dem_cycle : forall vis n o, s0 n = None -> writers g n = [o] -> In n vis -> dem vis n DCycle
| dem_op : forall vis n o r, s0 n = None -> writers g n = [o] -> ~ In n vis ->
    dem_ins (n :: vis) (ins o) r -> dem vis n (result o n r)
with dem_ins : list Name -> list (option Name) -> ires -> Prop :=
| di_nil : forall vis, dem_ins vis [] (IVals [])
| di_absent : forall vis xs r, dem_ins vis xs r -> dem_ins vis (None :: xs) (cons_val None r)
| di_val : forall vis n v xs r, dem vis n (DVal v) -> dem_ins vis xs r ->
    dem_ins vis (Some n :: xs) (cons_val (Some v) r)
| di_none : forall vis n xs r, dem vis n DNone -> dem_ins vis xs r -> dem_ins vis (Some n :: xs) (mark_none r)
| di_err : forall vis n e xs, dem vis n e -> is_error e -> dem_ins vis (Some n :: xs) (IErr e).

Scheme dem_mut := Induction for dem Sort Prop
with dem_ins_mut := Induction for dem_ins Sort Prop.

(* [spec:W2] n depends on m when an operation of the graph reads m and assigns n, or through a chain of
   such operations. No cycle: no name depends on itself (equivalently, no operation depends, through the
   tensors it reads, on its own outputs). *)
Inductive dep : Name -> Name -> Prop :=
| dep_op : forall o m n, In o g -> In (Some m) (ins o) -> In (Some n) (outs o) -> dep m n
| dep_trans : forall a b c, dep a b -> dep b c -> dep a c.

Definition W2 : Prop := forall n, ~ dep n n.

(* [spec:W1] every name an operation reads has a value initially (a graph input, fed by I1, or an
   initializer) or is assigned by an operation. *)
Definition defined (n : Name) : Prop := s0 n <> None \/ exists o, In o g /\ In (Some n) (outs o).

Definition W1 : Prop := forall o m, In o g -> In (Some m) (ins o) -> defined m.

(* [spec:C3] the check's part of completeness: every graph output is defined in the same sense. *)
Definition C3_check (outputs : list Name) : Prop := forall n, In n outputs -> defined n.

(* Every demand has an outcome: the recursion ends because the stack only grows with names that some
   operation assigns and that are not on it yet. *)
(* Helper for dem_total: strong induction on the number of output names of the graph that are not on the
   stack yet (a bound k on that count); dem_op only pushes such a name. *)
Lemma dem_total_aux : forall k vis,
  length (filter (fun x => if in_dec name_eq_dec x vis then false else true)
                 (flat_map (fun o => named (outs o)) g)) < k ->
  forall n, exists r, dem vis n r.
Proof.
  induction k as [|k IHk]; intros vis Hk n; [lia|].
  destruct (s0 n) as [v|] eqn:Hs.
  - exists (DVal v). apply dem_init. assumption.
  - destruct (writers g n) as [|o [|o2 os]] eqn:Hw.
    + exists DNone. apply dem_none; assumption.
    + destruct (in_dec name_eq_dec n vis) as [Hin|Hnin].
      * exists DCycle. eapply dem_cycle; eassumption.
      * (* n is an output of its writer o, not on the stack: pushing it lowers the count *)
        assert (Ho : In o g /\ In (Some n) (outs o))
          by (apply (writers_spec name_eq_dec); rewrite Hw; left; reflexivity).
        assert (Hm : forall m, exists r, dem (n :: vis) m r).
        { apply IHk.
          assert (length (filter (fun x => if in_dec name_eq_dec x (n :: vis) then false else true)
                                 (flat_map (fun o => named (outs o)) g))
                  < length (filter (fun x => if in_dec name_eq_dec x vis then false else true)
                                   (flat_map (fun o => named (outs o)) g))); [|lia].
          apply filter_length_strict with (x := n).
          - intros y _ Hy. destruct (in_dec name_eq_dec y (n :: vis)) as [|Hy']; [discriminate|].
            destruct (in_dec name_eq_dec y vis) as [Hy''|]; [|reflexivity].
            exfalso. apply Hy'. right. assumption.
          - apply in_flat_map. exists o. split; [tauto|]. apply named_spec. tauto.
          - destruct (in_dec name_eq_dec n vis); [contradiction|reflexivity].
          - destruct (in_dec name_eq_dec n (n :: vis)) as [|Hn]; [reflexivity|].
            exfalso. apply Hn. left. reflexivity. }
        (* every input list gets an outcome: each input's outcome selects a rule *)
        assert (Hi : forall xs, exists ir, dem_ins (n :: vis) xs ir).
        { induction xs as [|[m|] xs [ir IHxs]].
          - exists (IVals []). apply di_nil.
          - destruct (Hm m) as [[v| | | |] Hr].
            + eexists. eapply di_val; eassumption.
            + eexists. eapply di_none; eassumption.
            + eexists. eapply di_err; [eassumption|unfold is_error; tauto].
            + eexists. eapply di_err; [eassumption|unfold is_error; tauto].
            + eexists. eapply di_err; [eassumption|unfold is_error; tauto].
          - eexists. apply di_absent. eassumption. }
        destruct (Hi (ins o)) as [ir Hir].
        exists (result o n ir). eapply dem_op; eassumption.
    + exists DTwo. eapply dem_two; eassumption.
Qed.

Lemma dem_total : forall vis n, exists r, dem vis n r.
Proof.
  intros vis. eapply dem_total_aux. apply Nat.lt_succ_diag_r.
Qed.

(* Under C1, the error D2 never occurs. *)
Lemma dem_not_two : C1 name_eq_dec g s0 -> forall vis n r, dem vis n r -> r <> DTwo.
Proof.
  intros [Hw _].
  (* the rule dem_two needs two writers; every other DTwo would come from an input, so none occurs *)
  apply (dem_mut (fun vis n r _ => r <> DTwo) (fun vis xs ir _ => ir <> IErr DTwo)).
  - intros. discriminate.
  - intros. discriminate.
  - intros vis n o1 o2 os _ Ho _. specialize (Hw n). rewrite Ho in Hw. simpl in Hw. lia.
  - intros. discriminate.
  - intros vis n o r _ _ _ _ IH. destruct r as [xs| |e]; simpl.
    + destruct (fire o xs); [destruct (assigned (outs o) _ n)|]; discriminate.
    + discriminate.
    + intros ->. apply IH. reflexivity.
  - intros. discriminate.
  - intros vis xs r _ IH. destruct r; simpl; congruence.
  - intros vis n v xs r _ _ _ IH. destruct r; simpl; congruence.
  - intros vis n xs r _ _ _ IH. destruct r; simpl; congruence.
  - intros vis n e xs _ IH _. congruence.
Qed.

(* Under W2, demanding from the empty stack never meets a cycle. *)
(* Helper for dem_not_cycle: when every name on the stack depends on the demanded name, the outcome is not
   a cycle (DCycle needs the name itself on the stack, so it would depend on itself); for an input list,
   every named input must be depended on by every name of the stack. *)
Lemma dem_not_cycle_gen : W2 -> forall vis n r, dem vis n r ->
  (forall x, In x vis -> dep n x) -> r <> DCycle.
Proof.
  intros HW2.
  apply (dem_mut (fun vis n r _ => (forall x, In x vis -> dep n x) -> r <> DCycle)
                 (fun vis xs ir _ => (forall m x, In (Some m) xs -> In x vis -> dep m x) ->
                                     ir <> IErr DCycle)).
  - intros. discriminate.
  - intros. discriminate.
  - intros. discriminate.
  - intros vis n o _ _ Hin Hdep _. apply (HW2 n). apply Hdep. assumption.
  - intros vis n o r _ Ho _ _ IH Hdep.
    assert (Hog : In o g /\ In (Some n) (outs o))
      by (apply (writers_spec name_eq_dec); rewrite Ho; left; reflexivity).
    destruct r as [xs| |e]; simpl.
    + destruct (fire o xs); [destruct (assigned (outs o) _ n)|]; discriminate.
    + discriminate.
    + intros ->. apply IH; [|reflexivity].
      (* each input m of o is read by o, which assigns n: m -> n -> every x of the stack *)
      intros m x Hm [<-|Hx].
      * apply dep_op with o; tauto.
      * apply dep_trans with n; [apply dep_op with o; tauto|apply Hdep; assumption].
  - intros. discriminate.
  - intros vis xs r _ IH Hdep. destruct r; simpl; try discriminate.
    apply IH. intros m x Hm. apply Hdep. right. assumption.
  - intros vis n v xs r _ _ _ IH Hdep. destruct r; simpl; try discriminate.
    apply IH. intros m x Hm. apply Hdep. right. assumption.
  - intros vis n xs r _ _ _ IH Hdep. destruct r; simpl; try discriminate.
    apply IH. intros m x Hm. apply Hdep. right. assumption.
  - intros vis n e xs _ IH _ Hdep Heq. injection Heq as ->.
    apply IH; [|reflexivity]. intros x Hx. apply Hdep; [left; reflexivity|assumption].
Qed.

Lemma dem_not_cycle : W2 -> forall n r, dem [] n r -> r <> DCycle.
Proof.
  intros HW2 n r H. apply (dem_not_cycle_gen HW2 H). intros x [].
Qed.

(* Under W1, a defined name never has the outcome "no value" by lack of a writer: DNone arises only from
   a name that is not defined. *)
Lemma dem_none_undefined : W1 -> forall vis n, dem vis n DNone -> defined n -> False.
Proof.
  intros HW1 vis n H.
  (* for an input list whose named inputs are all defined: never INone, and an error is a real one *)
  cut (forall vis n r, dem vis n r -> r = DNone -> defined n -> False); [intros Hc; eapply Hc; eauto|].
  clear vis n H.
  apply (dem_mut (fun vis n r _ => r = DNone -> defined n -> False)
                 (fun vis xs ir _ => (forall m, In (Some m) xs -> defined m) ->
                                     ir <> INone /\ forall e, ir = IErr e -> is_error e)).
  - intros. discriminate.
  - intros vis n Hs Hw _ [Hd|[o [Hog Hon]]]; [contradiction|].
    pose proof (writers_nonempty name_eq_dec g n o Hog Hon) as Hl. rewrite Hw in Hl. simpl in Hl. lia.
  - intros. discriminate.
  - intros. discriminate.
  - intros vis n o r _ Ho _ _ IH Hr _.
    assert (Hog : In o g /\ In (Some n) (outs o))
      by (apply (writers_spec name_eq_dec); rewrite Ho; left; reflexivity).
    (* the inputs of o are read by an operation of g, hence defined (W1) *)
    destruct (IH (fun m Hm => HW1 o m (proj1 Hog) Hm)) as [Hn He].
    destruct r as [xs| |e]; simpl in Hr.
    + destruct (fire o xs) as [vs|] eqn:Hf; [|discriminate].
      destruct (fire_assigns name_eq_dec o xs n Hf (proj2 Hog)) as [v Hv].
      rewrite Hv in Hr. discriminate.
    + apply Hn. reflexivity.
    + subst e. destruct (He DNone eq_refl) as [|[|]]; discriminate.
  - intros vis _. split; [discriminate|intros e He; discriminate].
  - intros vis xs r _ IH Hd. destruct (IH (fun m Hm => Hd m (or_intror Hm))) as [Hn He].
    destruct r; simpl; split; try discriminate; try (intros e' Hee; discriminate).
    + exact Hn.
    + intros e' Hee. apply He. assumption.
  - intros vis n v xs r _ _ _ IH Hd. destruct (IH (fun m Hm => Hd m (or_intror Hm))) as [Hn He].
    destruct r; simpl; split; try discriminate; try (intros e' Hee; discriminate).
    + exact Hn.
    + intros e' Hee. apply He. assumption.
  - intros vis n xs r _ IHn _ _ Hd. exfalso. apply (IHn eq_refl). apply Hd. left. reflexivity.
  - intros vis n e xs _ _ Hie _. split; [discriminate|]. intros e' Hee. injection Hee as <-. assumption.
Qed.

End OneGraph.

(* Removing a dead operation (R1): when the operation ok of g = pre ++ ok :: post has no output that
   another operation reads, demanding a name that ok does not assign gives the same outcome in g and in
   pre ++ post. *)
(* Helper for dem_remove_dead: a demand carries over from g1 to g2 for the names of a set P on which both
   graphs have the same writers, when the writer in g1 of a name of P reads only names of P. *)
Lemma dem_transfer : forall g1 g2 s0 (P : Name -> Prop),
  (forall n, P n -> writers g1 n = writers g2 n) ->
  (forall o n m, In o (writers g1 n) -> P n -> In (Some m) (ins o) -> P m) ->
  forall vis n r, dem g1 s0 vis n r -> P n -> dem g2 s0 vis n r.
Proof.
  intros g1 g2 s0 P Hw Hr.
  apply (@dem_mut g1 s0 (fun vis n r _ => P n -> dem g2 s0 vis n r)
                       (fun vis xs ir _ => (forall m, In (Some m) xs -> P m) -> dem_ins g2 s0 vis xs ir)).
  - intros vis n v Hs _. apply dem_init. assumption.
  - intros vis n Hs Ho Hn. apply dem_none; [assumption|]. rewrite <- Hw; assumption.
  - intros vis n o1 o2 os Hs Ho Hn. eapply dem_two; [eassumption|]. rewrite <- Hw; eassumption.
  - intros vis n o Hs Ho Hin Hn. eapply dem_cycle; [eassumption| |eassumption]. rewrite <- Hw; eassumption.
  - intros vis n o r Hs Ho Hnin _ IH Hn. apply dem_op; [assumption|rewrite <- Hw; assumption|assumption|].
    (* the inputs of the writer o of n stay in P *)
    apply IH. intros m Hm. apply (Hr o n m); [rewrite Ho; left; reflexivity|assumption|assumption].
  - intros vis _. apply di_nil.
  - intros vis xs r _ IH Hd. apply di_absent. apply IH. intros m Hm. apply Hd. right. assumption.
  - intros vis n v xs r _ IHn _ IH Hd. apply di_val.
    + apply IHn. apply Hd. left. reflexivity.
    + apply IH. intros m Hm. apply Hd. right. assumption.
  - intros vis n xs r _ IHn _ IH Hd. apply di_none.
    + apply IHn. apply Hd. left. reflexivity.
    + apply IH. intros m Hm. apply Hd. right. assumption.
  - intros vis n e xs _ IHn He Hd. apply di_err; [|assumption]. apply IHn. apply Hd. left. reflexivity.
Qed.

(* Removing an operation that does not assign n leaves the writers of n unchanged. *)
Lemma writers_remove : forall (pre : Graph) (ok : Operation) post n, ~ In (Some n) (outs ok) ->
  writers (pre ++ ok :: post) n = writers (pre ++ post) n.
Proof.
  intros pre ok post n Hn. unfold Base.writers. rewrite !filter_app. simpl.
  destruct (writes name_eq_dec ok n) eqn:E; [|reflexivity].
  exfalso. apply Hn. apply (writes_spec name_eq_dec). assumption.
Qed.

Lemma dem_remove_dead : forall pre ok post s0,
  (forall o m, In o (pre ++ post) -> In (Some m) (ins o) -> ~ In (Some m) (outs ok)) ->
  forall vis n r, ~ In (Some n) (outs ok) ->
  (dem (pre ++ ok :: post) s0 vis n r <-> dem (pre ++ post) s0 vis n r).
Proof.
  intros pre ok post s0 Hdead vis n r Hn.
  (* both directions by dem_transfer with P := not assigned by ok; the writer of such a name has the same
     writers in both graphs, so it is an operation of pre ++ post and its inputs are not assigned by ok *)
  split; intros H; (eapply dem_transfer with (P := fun m => ~ In (Some m) (outs ok)); [| |exact H|exact Hn]).
  - intros m Hm. apply writers_remove. assumption.
  - intros o m x Ho Hm Hx. rewrite writers_remove in Ho by assumption.
    apply (writers_spec name_eq_dec) in Ho. apply (Hdead o x); tauto.
  - intros m Hm. symmetry. apply writers_remove. assumption.
  - intros o m x Ho Hm Hx. apply (writers_spec name_eq_dec) in Ho. apply (Hdead o x); tauto.
Qed.

End Demand.
