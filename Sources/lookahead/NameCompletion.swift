import ArgumentParser
import Foundation
import LookaheadKit

/// Shell completion (`lookahead --generate-completion-script bash|zsh|fish`) of the names users
/// type most: predictor families, device-profile presets and datasets. Where a file is accepted
/// too (a profile JSON, a trace file or folder) the files beside the word typed so far are offered
/// with the names, as the shell would without custom completion.
enum NameCompletion {
  /// Catalog predictors (workbench baselines included) and `recorded`.
  static let predictors = CompletionKind.list(PredictorCatalog.workbench.names + [BaselinePredictors.recordedName])

  /// Catalog predictors, or a predictor configuration file.
  static let predictorsOrFiles = CompletionKind.custom { _, _, prefix in
    matching(PredictorCatalog.workbench.names, orFilesFor: prefix)
  }

  /// `compare`'s positional arguments: predictors and datasets in any order, or files.
  static let predictorsAndDatasets = CompletionKind.custom { _, _, prefix in
    matching(
      PredictorCatalog.workbench.names + [BaselinePredictors.recordedName] + DatasetRegistry.datasets.map(\.name),
      orFilesFor: prefix)
  }

  /// Device-profile presets, or a profile file.
  static let profiles = CompletionKind.custom { _, _, prefix in
    matching(DeviceProfile.presets.map(\.name), orFilesFor: prefix)
  }

  /// Registry datasets (bundled and shared), or a trace file or folder.
  static let datasets = CompletionKind.custom { _, _, prefix in
    matching(DatasetRegistry.datasets.map(\.name), orFilesFor: prefix)
  }

  /// `names` starting with `prefix`, then the files and folders whose path starts with it (folders
  /// with a trailing `/`, so completion can go on inside them).
  static func matching(_ names: [String], orFilesFor prefix: String) -> [String] {
    let folder = prefix.lastIndex(of: "/").map { String(prefix[...$0]) } ?? ""
    let manager = FileManager.default
    let entries = (try? manager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    let files = entries.sorted().map { entry -> String in
      var isFolder: ObjCBool = false
      let path = folder + entry
      _ = manager.fileExists(atPath: path, isDirectory: &isFolder)
      return isFolder.boolValue ? path + "/" : path
    }
    return (names + files).filter { $0.hasPrefix(prefix) }
  }
}
