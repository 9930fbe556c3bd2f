/// A Swift type a JSON decoder expected, in the file's own terms: "an object", not
/// "Dictionary<String, Any>", which names a type the file's author never sees.
public enum JSONTypeName {
  public static func of(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Float.Type: "a number"
    case is Int.Type, is UInt64.Type, is Int64.Type, is UInt.Type: "a whole number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Any].Type: "an array"  // not Swift's "Array<Any>"
    case is [String: Any].Type: "an object"
    default: "\(type)"
    }
  }
}
