/// A command that says where several of something go when one of its single-value options is
/// repeated (``RepeatedOption``): `evaluate` points to `compare`, which takes several predictors.
/// Without it the refusal says to give the option once.
protocol RepeatedOptionRemedy {
  /// What to do instead of repeating the option labelled `label` (`--model`, `-o/--output`), or
  /// nil for the plain remedy.
  static func remedy(forRepeated label: String) -> String?
}
