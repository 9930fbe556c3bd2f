import CLookahead
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LookaheadRuntime

/// `lookahead_model`: a ``LookaheadModel`` on the heap behind the opaque C handle.
enum CModelHandle {
  static func make(_ model: LookaheadModel) -> OpaquePointer {
    let storage = UnsafeMutablePointer<LookaheadModel>.allocate(capacity: 1)
    storage.initialize(to: model)
    return OpaquePointer(storage)
  }

  static func model(_ handle: OpaquePointer) -> UnsafeMutablePointer<LookaheadModel> {
    UnsafeMutablePointer<LookaheadModel>(handle)
  }

  /// Loads with `load`, storing the handle or the reason; the shared tail of both loaders.
  static func load(
    into outModel: UnsafeMutablePointer<OpaquePointer?>, message: UnsafeMutablePointer<CChar>?, capacity: Int,
    _ load: () throws(ModelFileError) -> LookaheadModel
  ) -> lookahead_status {
    outModel.pointee = nil
    do {
      outModel.pointee = make(try load())
      writeMessage("", to: message, capacity: capacity)
      return LOOKAHEAD_OK
    } catch {
      writeMessage(error.description, to: message, capacity: capacity)
      return lookahead_status(error)
    }
  }
}

/// `lookahead_model_load_bytes`: a model from the bytes of a model file.
@_cdecl("lookahead_model_load_bytes")
public func lookaheadModelLoadBytes(
  _ bytes: UnsafeRawPointer?, _ byteCount: Int, _ outModel: UnsafeMutablePointer<OpaquePointer?>?,
  _ message: UnsafeMutablePointer<CChar>?, _ messageCapacity: Int
) -> lookahead_status {
  guard let outModel, bytes != nil || byteCount == 0 else {
    outModel?.pointee = nil
    writeMessage("null argument: bytes and out_model must not be null", to: message, capacity: messageCapacity)
    return LOOKAHEAD_ERROR_NULL_ARGUMENT
  }
  return CModelHandle.load(into: outModel, message: message, capacity: messageCapacity) { () throws(ModelFileError) in
    try LookaheadModel(bytes: bytes.map { Data(bytes: $0, count: byteCount) } ?? Data())
  }
}

/// `lookahead_model_load_file`: a model from a file path.
@_cdecl("lookahead_model_load_file")
public func lookaheadModelLoadFile(
  _ path: UnsafePointer<CChar>?, _ outModel: UnsafeMutablePointer<OpaquePointer?>?,
  _ message: UnsafeMutablePointer<CChar>?, _ messageCapacity: Int
) -> lookahead_status {
  guard let path, let outModel else {
    outModel?.pointee = nil
    writeMessage("null argument: path and out_model must not be null", to: message, capacity: messageCapacity)
    return LOOKAHEAD_ERROR_NULL_ARGUMENT
  }
  let url = URL(fileURLWithPath: String(cString: path))
  return CModelHandle.load(into: outModel, message: message, capacity: messageCapacity) { () throws(ModelFileError) in
    try LookaheadModel(contentsOf: url)
  }
}

/// `lookahead_model_free`.
@_cdecl("lookahead_model_free")
public func lookaheadModelFree(_ model: OpaquePointer?) {
  guard let model else { return }
  let storage = CModelHandle.model(model)
  storage.deinitialize(count: 1)
  storage.deallocate()
}
