// The signatures of the ml family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {

void describe_ml(Registry& r) {
  r.describe(R"sig(
op ai.onnx.ml ArrayFeatureExtractor 1
in X T
in Y tensor(int64)
out Z T
type T tensor(float) tensor(double) tensor(int64) tensor(int32) tensor(string)

op ai.onnx.ml Binarizer 1
in X T
out Y T
type T tensor(float) tensor(double) tensor(int64) tensor(int32)
attr threshold float default 0.0

op ai.onnx.ml CastMap 1
in X T1
out Y T2
type T1 map(int64,string) map(int64,float)
type T2 tensor(string) tensor(float) tensor(int64)
attr cast_to string default TO_FLOAT
attr map_form string default DENSE
attr max_map int default 1

op ai.onnx.ml CategoryMapper 1
in X T1
out Y T2
type T1 tensor(string) tensor(int64)
type T2 tensor(string) tensor(int64)
attr cats_int64s ints
attr cats_strings strings
attr default_int64 int default -1
attr default_string string default _Unused

op ai.onnx.ml DictVectorizer 1
in X T1
out Y T2
type T1 map(string,int64) map(int64,string) map(int64,float) map(int64,double) map(string,float) map(string,double)
type T2 tensor(int64) tensor(float) tensor(double) tensor(string)
attr int64_vocabulary ints
attr string_vocabulary strings

op ai.onnx.ml FeatureVectorizer 1
in X T1 variadic
out Y tensor(float)
arity in 1 inf
type T1 tensor(int32) tensor(int64) tensor(float) tensor(double)
attr inputdimensions ints

op ai.onnx.ml Imputer 1
in X T
out Y T
type T tensor(float) tensor(double) tensor(int64) tensor(int32)
attr imputed_value_floats floats
attr imputed_value_int64s ints
attr replaced_value_float float default 0.0
attr replaced_value_int64 int default 0

op ai.onnx.ml LabelEncoder 1
in X T1
out Y T2
type T1 tensor(string) tensor(int64)
type T2 tensor(string) tensor(int64)
attr classes_strings strings
attr default_int64 int default -1
attr default_string string default _Unused

op ai.onnx.ml LabelEncoder 2
in X T1
out Y T2
type T1 tensor(string) tensor(int64) tensor(float)
type T2 tensor(string) tensor(int64) tensor(float)
attr default_float float default -0.0
attr default_int64 int default -1
attr default_string string default _Unused
attr keys_floats floats
attr keys_int64s ints
attr keys_strings strings
attr values_floats floats
attr values_int64s ints
attr values_strings strings

op ai.onnx.ml LabelEncoder 4
in X T1
out Y T2
type T1 tensor(string) tensor(int64) tensor(float) tensor(int32) tensor(int16) tensor(double)
type T2 tensor(string) tensor(int64) tensor(float) tensor(int32) tensor(int16) tensor(double)
attr default_float float default -0.0
attr default_int64 int default -1
attr default_string string default _Unused
attr default_tensor tensor
attr keys_floats floats
attr keys_int64s ints
attr keys_strings strings
attr keys_tensor tensor
attr values_floats floats
attr values_int64s ints
attr values_strings strings
attr values_tensor tensor

op ai.onnx.ml LinearClassifier 1
in X T1
out Y T2
out Z tensor(float)
type T1 tensor(float) tensor(double) tensor(int64) tensor(int32)
type T2 tensor(string) tensor(int64)
attr classlabels_ints ints
attr classlabels_strings strings
attr coefficients floats required
attr intercepts floats
attr multi_class int default 0
attr post_transform string default NONE

op ai.onnx.ml LinearRegressor 1
in X T
out Y tensor(float)
type T tensor(float) tensor(double) tensor(int64) tensor(int32)
attr coefficients floats
attr intercepts floats
attr post_transform string default NONE
attr targets int default 1

op ai.onnx.ml Normalizer 1
in X T
out Y tensor(float)
type T tensor(float) tensor(double) tensor(int64) tensor(int32)
attr norm string default MAX

op ai.onnx.ml OneHotEncoder 1
in X T
out Y tensor(float)
type T tensor(string) tensor(int64) tensor(int32) tensor(float) tensor(double)
attr cats_int64s ints
attr cats_strings strings
attr zeros int default 1

op ai.onnx.ml SVMClassifier 1
in X T1
out Y T2
out Z tensor(float)
type T1 tensor(float) tensor(double) tensor(int64) tensor(int32)
type T2 tensor(string) tensor(int64)
attr classlabels_ints ints
attr classlabels_strings strings
attr coefficients floats
attr kernel_params floats
attr kernel_type string default LINEAR
attr post_transform string default NONE
attr prob_a floats
attr prob_b floats
attr rho floats
attr support_vectors floats
attr vectors_per_class ints

op ai.onnx.ml SVMRegressor 1
in X T
out Y tensor(float)
type T tensor(float) tensor(double) tensor(int64) tensor(int32)
attr coefficients floats
attr kernel_params floats
attr kernel_type string default LINEAR
attr n_supports int default 0
attr one_class int default 0
attr post_transform string default NONE
attr rho floats
attr support_vectors floats

op ai.onnx.ml Scaler 1
in X T
out Y tensor(float)
type T tensor(float) tensor(double) tensor(int64) tensor(int32)
attr offset floats
attr scale floats

op ai.onnx.ml TreeEnsemble 5
in X T
out Y T
type T tensor(float) tensor(double) tensor(float16)
attr aggregate_function int default 1
attr leaf_targetids ints required
attr leaf_weights tensor required
attr membership_values tensor
attr n_targets int
attr nodes_falseleafs ints required
attr nodes_falsenodeids ints required
attr nodes_featureids ints required
attr nodes_hitrates tensor
attr nodes_missing_value_tracks_true ints
attr nodes_modes tensor required
attr nodes_splits tensor required
attr nodes_trueleafs ints required
attr nodes_truenodeids ints required
attr post_transform int default 0
attr tree_roots ints required

op ai.onnx.ml TreeEnsembleClassifier 1
in X T1
out Y T2
out Z tensor(float)
type T1 tensor(float) tensor(double) tensor(int64) tensor(int32)
type T2 tensor(string) tensor(int64)
attr base_values floats
attr class_ids ints
attr class_nodeids ints
attr class_treeids ints
attr class_weights floats
attr classlabels_int64s ints
attr classlabels_strings strings
attr nodes_falsenodeids ints
attr nodes_featureids ints
attr nodes_hitrates floats
attr nodes_missing_value_tracks_true ints
attr nodes_modes strings
attr nodes_nodeids ints
attr nodes_treeids ints
attr nodes_truenodeids ints
attr nodes_values floats
attr post_transform string default NONE

op ai.onnx.ml TreeEnsembleClassifier 3
in X T1
out Y T2
out Z tensor(float)
type T1 tensor(float) tensor(double) tensor(int64) tensor(int32)
type T2 tensor(string) tensor(int64)
attr base_values floats
attr base_values_as_tensor tensor
attr class_ids ints
attr class_nodeids ints
attr class_treeids ints
attr class_weights floats
attr class_weights_as_tensor tensor
attr classlabels_int64s ints
attr classlabels_strings strings
attr nodes_falsenodeids ints
attr nodes_featureids ints
attr nodes_hitrates floats
attr nodes_hitrates_as_tensor tensor
attr nodes_missing_value_tracks_true ints
attr nodes_modes strings
attr nodes_nodeids ints
attr nodes_treeids ints
attr nodes_truenodeids ints
attr nodes_values floats
attr nodes_values_as_tensor tensor
attr post_transform string default NONE

op ai.onnx.ml TreeEnsembleClassifier 5
deprecated

op ai.onnx.ml TreeEnsembleRegressor 1
in X T
out Y tensor(float)
type T tensor(float) tensor(double) tensor(int64) tensor(int32)
attr aggregate_function string default SUM
attr base_values floats
attr n_targets int
attr nodes_falsenodeids ints
attr nodes_featureids ints
attr nodes_hitrates floats
attr nodes_missing_value_tracks_true ints
attr nodes_modes strings
attr nodes_nodeids ints
attr nodes_treeids ints
attr nodes_truenodeids ints
attr nodes_values floats
attr post_transform string default NONE
attr target_ids ints
attr target_nodeids ints
attr target_treeids ints
attr target_weights floats

op ai.onnx.ml TreeEnsembleRegressor 3
in X T
out Y tensor(float)
type T tensor(float) tensor(double) tensor(int64) tensor(int32)
attr aggregate_function string default SUM
attr base_values floats
attr base_values_as_tensor tensor
attr n_targets int
attr nodes_falsenodeids ints
attr nodes_featureids ints
attr nodes_hitrates floats
attr nodes_hitrates_as_tensor tensor
attr nodes_missing_value_tracks_true ints
attr nodes_modes strings
attr nodes_nodeids ints
attr nodes_treeids ints
attr nodes_truenodeids ints
attr nodes_values floats
attr nodes_values_as_tensor tensor
attr post_transform string default NONE
attr target_ids ints
attr target_nodeids ints
attr target_treeids ints
attr target_weights floats
attr target_weights_as_tensor tensor

op ai.onnx.ml TreeEnsembleRegressor 5
deprecated

op ai.onnx.ml ZipMap 1
in X tensor(float)
out Z T
type T seq(map(string,float)) seq(map(int64,float))
attr classlabels_int64s ints
attr classlabels_strings strings
)sig");
}

}  // namespace onnxsem::ops
