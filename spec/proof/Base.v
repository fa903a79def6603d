(* The graph semantics of spec/graph.md as a Coq model: names, values, operations, states, firing.
   Everything is stated inside a section over an arbitrary type of names (with decidable equality) and an
   arbitrary type of values, and every operation carries its own operator as a function, so each theorem
   holds for every operator semantics: after the section closes, names, values and operators are
   universally quantified parameters of the theorems, not axioms. *)
From Coq Require Import List Arith Lia Bool.
Import ListNotations.
Set Implicit Arguments.

Section Base.

Variable Name : Type.
Variable name_eq_dec : forall a b : Name, {a = b} + {a <> b}.
Variable Value : Type.

(* [spec:E1] a state maps each name to a value or to nothing. *)
Definition State := Name -> option Value.

(* An operation: its input names and output names in position order (None is the empty name: an absent
   optional input, an unrequested output), and its operator, a total function from the input values (None
   at an absent position) to the output values or to failure (None). *)
Record Operation := mkOp {
  ins : list (option Name);
  outs : list (option Name);
  sem : list (option Value) -> option (list Value)
}.

Definition Graph := list Operation.

(* The names of a list of positions, the empty ones left out. *)
Fixpoint named (l : list (option Name)) : list Name :=
  match l with
  | [] => []
  | Some n :: l' => n :: named l'
  | None :: l' => named l'
  end.

Lemma named_spec : forall l n, In n (named l) <-> In (Some n) l.
Proof.
  induction l as [|[m|] l IH]; simpl; intro n.
  - tauto.
  - rewrite IH. split; intros [H|H]; try (left; congruence); right; assumption.
  - rewrite IH. split; intros H; [right|destruct H as [H|H]; [discriminate|]]; assumption.
Qed.

Definition is_name (n : Name) (x : option Name) : bool :=
  match x with Some m => if name_eq_dec m n then true else false | None => false end.

Lemma is_name_spec : forall n x, is_name n x = true <-> x = Some n.
Proof.
  intros n [m|]; simpl; [destruct (name_eq_dec m n); subst|]; split; intro H; congruence.
Qed.

(* Whether an operation assigns a name. *)
Definition writes (o : Operation) (n : Name) : bool := existsb (is_name n) (outs o).

Lemma writes_spec : forall o n, writes o n = true <-> In (Some n) (outs o).
Proof.
  intros o n. unfold writes. rewrite existsb_exists. split.
  - intros [x [Hin Hx]]. apply is_name_spec in Hx. subst. assumption.
  - intros H. exists (Some n). split; [assumption|]. apply is_name_spec. reflexivity.
Qed.

(* The operations of a graph that assign a name, in node order. *)
Definition writers (g : Graph) (n : Name) : list Operation := filter (fun o => writes o n) g.

Lemma writers_spec : forall g n o, In o (writers g n) <-> In o g /\ In (Some n) (outs o).
Proof.
  intros. unfold writers. rewrite filter_In, writes_spec. tauto.
Qed.

(* The value that output positions os, given the results vs, assign to n (the first position naming it). *)
Fixpoint assigned (os : list (option Name)) (vs : list Value) (n : Name) : option Value :=
  match os, vs with
  | Some m :: os', v :: vs' => if name_eq_dec m n then Some v else assigned os' vs' n
  | None :: os', _ :: vs' => assigned os' vs' n
  | _, _ => None
  end.

Lemma assigned_in : forall os vs n v, assigned os vs n = Some v -> In (Some n) os.
Proof.
  induction os as [|[m|] os IH]; intros [|w vs] n v H; simpl in H; try discriminate.
  - destruct (name_eq_dec m n); [subst; left; reflexivity|right; eapply IH; eassumption].
  - right. eapply IH. eassumption.
Qed.

Lemma assigned_complete : forall os vs n,
  length vs = length os -> In (Some n) os -> exists v, assigned os vs n = Some v.
Proof.
  induction os as [|x os IH]; intros [|w vs] n Hl Hin; simpl in *; try discriminate; try contradiction.
  destruct Hin as [Hx|Hin].
  - subst. destruct (name_eq_dec n n); [eexists; reflexivity|contradiction].
  - destruct x as [m|].
    + destruct (name_eq_dec m n); [eexists; reflexivity|]. apply IH; [lia|assumption].
    + apply IH; [lia|assumption].
Qed.

(* [spec:E3] the state after an operation's outputs os receive the results vs; nothing else changes. *)
Definition update (s : State) (os : list (option Name)) (vs : list Value) : State :=
  fun n => match assigned os vs n with Some v => Some v | None => s n end.

Lemma update_other : forall s os vs n, ~ In (Some n) os -> update s os vs n = s n.
Proof.
  intros s os vs n H. unfold update. destruct (assigned os vs n) eqn:E; [|reflexivity].
  exfalso. apply H. eapply assigned_in. eassumption.
Qed.

(* [spec:E4] the arguments of an operation in a state: each named input's value, None at an absent one. *)
Definition lookup (s : State) (x : option Name) : option Value :=
  match x with Some n => s n | None => None end.

Definition args (s : State) (o : Operation) : list (option Value) := map (lookup s) (ins o).

(* [spec:E3] applying the operator: failure when it fails or gives a result count other than the number
   of output positions. *)
Definition fire (o : Operation) (xs : list (option Value)) : option (list Value) :=
  match sem o xs with
  | Some vs => if Nat.eqb (length vs) (length (outs o)) then Some vs else None
  | None => None
  end.

Lemma fire_length : forall o xs vs, fire o xs = Some vs -> length vs = length (outs o).
Proof.
  unfold fire. intros o xs vs H. destruct (sem o xs) as [ws|]; [|discriminate].
  destruct (Nat.eqb (length ws) (length (outs o))) eqn:E; [|discriminate].
  apply Nat.eqb_eq in E. congruence.
Qed.

(* A firing assigns each named output of the operation. *)
Lemma fire_assigns : forall o xs vs n, fire o xs = Some vs -> In (Some n) (outs o) ->
  exists v, assigned (outs o) vs n = Some v.
Proof.
  intros. apply assigned_complete; [eapply fire_length; eassumption|assumption].
Qed.

(* [spec:C1] every name is assigned by at most one operation, and a name of the initial state (a graph input
   or an initializer) by none. *)
Definition C1 (g : Graph) (s0 : State) : Prop :=
  (forall n, length (writers g n) <= 1) /\
  (forall o n, In o g -> In (Some n) (outs o) -> s0 n = None).

Lemma writers_cons : forall a g n,
  writers (a :: g) n = if writes a n then a :: writers g n else writers g n.
Proof. reflexivity. Qed.

Lemma writers_nonempty : forall g n o, In o g -> In (Some n) (outs o) -> 1 <= length (writers g n).
Proof.
  intros g n o Hg Ho. assert (In o (writers g n)) as H by (apply writers_spec; tauto).
  destruct (writers g n); [contradiction|simpl; lia].
Qed.

(* Two operations at different positions of the node list never assign the same name under C1. *)
Lemma C1_distinct : forall g s0 i j oi oj n, C1 g s0 ->
  nth_error g i = Some oi -> nth_error g j = Some oj -> In (Some n) (outs oi) -> In (Some n) (outs oj) ->
  i = j.
Proof.
  intros g s0 i j oi oj n [Hw _] Hi Hj Hni Hnj.
  specialize (Hw n). revert i j Hi Hj Hw.
  induction g as [|a g IH]; intros i j Hi Hj Hw; [destruct i; discriminate|].
  rewrite writers_cons in Hw.
  destruct i as [|i], j as [|j]; simpl in Hi, Hj; try reflexivity.
  - injection Hi as <-. apply writes_spec in Hni. rewrite Hni in Hw. simpl in Hw.
    pose proof (writers_nonempty g n oj (nth_error_In _ _ Hj) Hnj). lia.
  - injection Hj as <-. apply writes_spec in Hnj. rewrite Hnj in Hw. simpl in Hw.
    pose proof (writers_nonempty g n oi (nth_error_In _ _ Hi) Hni). lia.
  - f_equal. apply IH; try assumption. destruct (writes a n); simpl in Hw; [lia|assumption].
Qed.

(* A generic counting fact used for termination measures: filtering with a stricter test that drops one
   more element gives a strictly shorter list. *)
Lemma filter_length_mono : forall A (f f' : A -> bool) l,
  (forall x, In x l -> f' x = true -> f x = true) -> length (filter f' l) <= length (filter f l).
Proof.
  intros A f f' l. induction l as [|a l IH]; intros H; simpl; [lia|].
  destruct (f' a) eqn:E1; [rewrite (H a (or_introl eq_refl) E1)|]; simpl;
    [|destruct (f a); simpl]; specialize (IH (fun x Hx => H x (or_intror Hx))); lia.
Qed.

Lemma filter_length_strict : forall A (f f' : A -> bool) l x,
  (forall y, In y l -> f' y = true -> f y = true) -> In x l -> f x = true -> f' x = false ->
  length (filter f' l) < length (filter f l).
Proof.
  intros A f f' l. induction l as [|a l IH]; intros x H Hx Hf Hf'; [contradiction|].
  simpl. destruct Hx as [<-|Hx].
  - rewrite Hf, Hf'. simpl.
    pose proof (filter_length_mono f f' l (fun y Hy => H y (or_intror Hy))). lia.
  - specialize (IH x (fun y Hy => H y (or_intror Hy)) Hx Hf Hf').
    destruct (f' a) eqn:E1; [rewrite (H a (or_introl eq_refl) E1)|]; simpl;
      [|destruct (f a); simpl]; lia.
Qed.

End Base.

