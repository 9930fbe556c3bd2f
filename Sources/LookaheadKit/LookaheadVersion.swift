/// The workbench's version, recorded in every result file it writes.
public enum LookaheadVersion {
  public static let string = "0.1.0"
}
