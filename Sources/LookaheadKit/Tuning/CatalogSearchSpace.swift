import LookaheadRuntime

/// The bridge between a catalog entry's declared parameters (``PredictorParameterSpec``) and a
/// tuning ``SearchSpace``: which parameters are searched (over their default search range where
/// they declare one, else their declared range and scale, or a range given on the command line),
/// which are held fixed, where a local search
/// starts (the defaults), and how a point of the search becomes a configured predictor again.
///
/// Real parameters keep their declared scale (log ones are searched evenly by decade), integer
/// parameters are whole-number dimensions, and choices and flags become whole-number
/// dimensions over the index of the choice (so a grid or a Latin hypercube can try each
/// Kalman state model, for example).
public struct CatalogSearchSpace: Sendable {
  public let entry: PredictorCatalogEntry
  /// The searched dimensions, in `--params` order.
  public let space: SearchSpace
  /// Values held fixed for every trial (from `name:key=value` on `--predictor`); unspecified
  /// parameters take their declared defaults.
  public let fixed: [String: ParameterValue]

  /// Why a parameter list cannot be searched.
  public enum Problem: Error, Equatable, CustomStringConvertible {
    case unknownParameter(predictor: String, parameter: String, known: [String])
    case malformedRange(parameter: String, text: String)
    case rangeOutsideDeclared(parameter: String, range: String, declared: String)
    case logRangeNotPositive(parameter: String)
    case fixedAndSearched(parameter: String)
    case nothingToSearch(predictor: String)
    /// A ramp's end fixed on `--predictor` leaves the other, searched end no value that keeps
    /// low below high.
    case rampHasNoRoom(fixed: String, value: Double, searched: String, side: String, declared: String)
    /// A range given in `--params` (or the ends of a searched pair) has no value that keeps a
    /// rule between two fields (``ParameterRamp``) against the other end, searched, fixed or at
    /// its default: every trial would fail. The message names both keys.
    case rangeHasNoRoom(String)

    public var description: String {
      switch self {
      case .unknownParameter(let predictor, let parameter, let known):
        "--params: predictor \(predictor) has no parameter \"\(parameter)\"; its parameters: \(known.joined(separator: ", "))"
      case .malformedRange(let parameter, let text):
        "--params: \(parameter)=\(text) is not a range; write LOW..HIGH (for example process-noise=1e-6..1e2)"
      case .rangeOutsideDeclared(let parameter, let range, let declared):
        "--params: \(parameter) range \(range) leaves the declared range \(declared)"
      case .logRangeNotPositive(let parameter):
        "--params: \(parameter) is log-scaled, so its range must be positive"
      case .fixedAndSearched(let parameter):
        "\(parameter) is both fixed on --predictor and searched in --params; choose one"
      case .nothingToSearch(let predictor):
        "predictor \(predictor) has no numeric parameter to search; name some with --params"
      case .rampHasNoRoom(let fixed, let value, let searched, let side, let declared):
        "\(fixed) is fixed at \(ParameterValue.number(value)) on --predictor, and \(searched) has no value \(side) it "
          + "in its range \(declared), so every trial would break "
          + (side == "below" ? "\(searched) < \(fixed)" : "\(fixed) < \(searched)")
          + "; fix \(searched) too, or give \(fixed) another value"
      case .rangeHasNoRoom(let message):
        message
      }
    }
  }

  /// - Parameters:
  ///   - entry: the catalog entry to tune.
  ///   - parameters: `--params` items, each `name` (searched as the default search searches it)
  ///     or `name=LOW..HIGH` (any range inside the declared one, searched as given); `nil`
  ///     searches the entry's own real and integer parameters (not the shared stage parameters,
  ///     whose ranges are too wide to search blindly, nor those that cannot change a prediction
  ///     under the choices in play, ``PredictorCatalogEntry/inertParameters``: Kalman's jerk
  ///     confidence outside a jerk state). As by default, a parameter is searched over
  ///     its default search range where it declares one (``PredictorParameterSpec/defaultSearch``:
  ///     Kalman's confidence ramps, whose declared ranges reach far past any real speed or jerk),
  ///     else its declared range, and a ramp's ends keep low below high (both searched: in order;
  ///     one fixed: the other on its side, ``keepingRamps(_:entry:fixed:)``).
  ///   - fixed: values held fixed for every trial.
  public init(
    entry: PredictorCatalogEntry, parameters: [String]?, fixed: [String: ParameterValue] = [:]
  ) throws(Problem) {
    self.entry = entry
    self.fixed = fixed
    let stageNames = Set(StageParameterSpecs.all.map(\.name))
    let items: [String]
    if let parameters {
      items = parameters
    } else {
      // Parameters that cannot change a prediction under the choices and flags in play (fixed or
      // default; a default search searches neither) are left out: Kalman's jerk confidence outside
      // a jerk state spent two of eight dimensions on trials that scored the same to the bit.
      var values = fixed
      for spec in entry.parameters where values[spec.name] == nil { values[spec.name] = spec.defaultValue }
      let inert = entry.inertParameters(ParameterValues(values))
      items = entry.parameters.filter { spec in
        guard !stageNames.contains(spec.name), fixed[spec.name] == nil, !inert.contains(spec.name) else { return false }
        switch spec.domain {
        case .real, .integer: return true
        case .choice, .flag: return false
        }
      }.map(\.name)
    }
    var dimensions: [SearchSpace.Dimension] = []
    // The parameters searched as a default search searches them: every one without --params, and
    // each bare name in it.
    var asByDefault: Set<String> = []
    // The text of each range given (`2..16`), for messages.
    var ranges: [String: String] = [:]
    for item in items {
      let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      let name = pair[0]
      guard let spec = entry.parameter(named: name) else {
        throw .unknownParameter(predictor: entry.name, parameter: name, known: entry.parameters.map(\.name))
      }
      guard fixed[name] == nil else { throw .fixedAndSearched(parameter: name) }
      guard pair.count == 2 else {
        // A bare name takes the parameter's default search range where it declares one (a range
        // that covers the values that matter): searched over its declared 0…1e9 units/s,
        // linearly, a speed confidence cut every trial's horizons to 0.
        dimensions.append(Self.dimension(for: spec, domain: spec.defaultSearch ?? spec.domain))
        asByDefault.insert(name)
        continue
      }
      // A range given is searched as given, anywhere inside the declared range.
      var dimension = Self.dimension(for: spec, domain: spec.domain)
      let bounds = pair[1].components(separatedBy: "..")
      guard bounds.count == 2, let low = Double(bounds[0]), let high = Double(bounds[1]),
        low.isFinite, high.isFinite, low <= high
      else { throw .malformedRange(parameter: name, text: pair[1]) }
      guard low >= dimension.lowerBound, high <= dimension.upperBound else {
        throw .rangeOutsideDeclared(parameter: name, range: pair[1], declared: spec.rangeDescription)
      }
      guard dimension.scale == .linear || low > 0 else { throw .logRangeNotPositive(parameter: name) }
      dimension.lowerBound = low
      dimension.upperBound = high
      dimensions.append(dimension)
      ranges[name] = pair[1]
    }
    guard !dimensions.isEmpty else { throw .nothingToSearch(predictor: entry.name) }
    // The values of the parameters not searched: fixed on --predictor, else their defaults.
    let searched = Set(dimensions.map(\.name))
    var defaults: [String: ParameterValue] = [:]
    for spec in entry.parameters where !searched.contains(spec.name) && fixed[spec.name] == nil {
      defaults[spec.name] = spec.defaultValue
    }
    // A range given with --params is cut to the part that keeps a rule against the other end
    // when that end is fixed or at its default, as a bare name is; `order,window=2..16` with the
    // order searched 1…3 tried windows of 2 and 3 samples at orders that need more, and failed.
    for index in dimensions.indices {
      dimensions[index] = try Self.keepingRamps(
        dimensions[index], entry: entry, fixed: fixed, defaults: defaults,
        given: !asByDefault.contains(dimensions[index].name), ranges: ranges)
    }
    // A ramp both of whose ends are searched keeps its low end below its high end by
    // construction, whether its ranges are the default ones or given with --params: the high end
    // over the part of its range above the low end's lowest value, the low end below it.
    let pairs = entry.ramps.filter { searched.contains($0.low) && searched.contains($0.high) }
    for pair in pairs {
      guard let low = dimensions.firstIndex(where: { $0.name == pair.low }),
        let high = dimensions.firstIndex(where: { $0.name == pair.high })
      else { continue }
      let lowest = dimensions[low].lowerBound
      // Only high ends in (0, lowest] break the rule (0 turns a ramp off).
      guard lowest > 0, dimensions[high].lowerBound <= lowest, dimensions[high].upperBound > 0 else { continue }
      guard dimensions[high].upperBound > lowest else {
        func named(_ index: Int) -> String {
          let name = dimensions[index].name
          return ranges[name].map { "\(name)=\($0)" } ?? "\(name) (searched over \(Self.text(dimensions[index])))"
        }
        throw .rangeHasNoRoom(
          "--params: \(named(high)) has no value above \(ParameterValue.number(lowest)), the lowest of \(named(low)), "
            + "so every trial "
            + "would break \(pair.low) < \(pair.high); give \(pair.high) a range reaching above "
            + "\(ParameterValue.number(lowest)), or \(pair.low) one starting below \(Self.text(number: dimensions[high].upperBound))")
      }
      dimensions[high].lowerBound = dimensions[high].justAbove(lowest)
    }
    space = SearchSpace(dimensions, orderedPairs: pairs.map { SearchSpace.OrderedPair(low: $0.low, high: $0.high) })
  }

  /// `dimension` cut to the part of its range that keeps a ramp's low end below its high end
  /// when the other end is not searched: the low end below a fixed high end that is on, the high
  /// end above a fixed low end (a high end of 0, off, is then never tried); for whole numbers, a
  /// polynomial's order and window, at least 1 below or above. Searched whole, the other end broke
  /// the rule in most trials (`kalman:jerk-confidence-high=1` searched the low end over 0…1e12).
  /// An end at its default (not fixed, not searched) cuts the same way where some values would
  /// break the rule against it (`--params window=2..3` at the default order 2: 3…3), and a low
  /// end of 0 or below leaves every high end valid.
  /// Searched as by default (`given` false), where the default search range has no such part,
  /// the declared range's part is searched (linearly); a range given in `--params` is only cut;
  /// where neither has room, the search is refused.
  static func keepingRamps(
    _ dimension: SearchSpace.Dimension, entry: PredictorCatalogEntry, fixed: [String: ParameterValue],
    defaults: [String: ParameterValue] = [:], given: Bool = false, ranges: [String: String] = [:]
  ) throws(Problem) -> SearchSpace.Dimension {
    var dimension = dimension
    for ramp in entry.ramps {
      let searchedIsLow = ramp.low == dimension.name
      guard searchedIsLow || ramp.high == dimension.name, let spec = entry.parameter(named: dimension.name) else { continue }
      let other = searchedIsLow ? ramp.high : ramp.low
      let value: Double
      let isFixed: Bool
      if case .number(let v)? = fixed[other] {
        (value, isFixed) = (v, true)
      } else if case .number(let v)? = defaults[other] {
        (value, isFixed) = (v, false)
      } else {
        continue
      }
      // A high end of 0 turns the ramp off: any low end goes; a low end of 0 (by default) leaves
      // every high end valid.
      if value <= 0, searchedIsLow || !isFixed { continue }
      func cut(_ candidate: SearchSpace.Dimension) -> SearchSpace.Dimension? {
        var cut = candidate
        if searchedIsLow {
          cut.upperBound = min(cut.upperBound, cut.justBelow(value))
        } else {
          cut.lowerBound = max(cut.lowerBound, cut.justAbove(value))
        }
        return cut.lowerBound <= cut.upperBound ? cut : nil
      }
      if let kept = cut(dimension) {
        dimension = kept
        continue
      }
      if !given, isFixed, let kept = cut(Self.dimension(for: spec, domain: spec.domain)) {
        dimension = kept
        continue
      }
      let side = searchedIsLow ? "below" : "above"
      let rule = searchedIsLow ? "\(dimension.name) < \(other)" : "\(other) < \(dimension.name)"
      if isFixed, !given {
        throw .rampHasNoRoom(fixed: other, value: value, searched: dimension.name, side: side, declared: spec.rangeDescription)
      }
      let searchedText = ranges[dimension.name].map { "\(dimension.name)=\($0)" } ?? "\(dimension.name) (searched over \(Self.text(dimension)))"
      let where_ = isFixed ? "fixed at \(ParameterValue.number(value)) on --predictor" : "at its default \(ParameterValue.number(value))"
      throw .rangeHasNoRoom(
        "--params: \(searchedText) has no value \(side) \(other), \(where_), so every trial would break \(rule); "
          + "give \(dimension.name) a range \(side) \(ParameterValue.number(value)), or "
          + (isFixed ? "\(other) another value" : "fix \(other) (--predictor \(entry.name):\(other)=VALUE) or search it too"))
    }
    return dimension
  }

  /// `LOW…HIGH` of a dimension, for messages.
  static func text(_ dimension: SearchSpace.Dimension) -> String {
    "\(text(number: dimension.lowerBound))…\(text(number: dimension.upperBound))"
  }

  static func text(number: Double) -> String { "\(ParameterValue.number(number))" }

  /// The search dimension of one declared parameter over `domain` (its declared one, or its
  /// default search range).
  static func dimension(for spec: PredictorParameterSpec, domain: ParameterDomain) -> SearchSpace.Dimension {
    switch domain {
    case .real(let range, let scale):
      // A log parameter whose declared range starts at 0 is searched linearly (log needs > 0).
      let log = scale == .log && range.lowerBound > 0
      return .init(name: spec.name, lowerBound: range.lowerBound, upperBound: range.upperBound, scale: log ? .log : .linear)
    case .integer(let range):
      return .init(name: spec.name, lowerBound: Double(range.lowerBound), upperBound: Double(range.upperBound), isInteger: true)
    case .choice(let names):
      return .init(name: spec.name, lowerBound: 0, upperBound: Double(max(0, names.count - 1)), isInteger: true)
    case .flag:
      return .init(name: spec.name, lowerBound: 0, upperBound: 1, isInteger: true)
    }
  }

  /// Typed values for a point's parameter values (in the space's order), with the fixed ones.
  public func assignments(_ values: [Double]) -> [String: ParameterValue] {
    var result = fixed
    for (dimension, value) in zip(space.dimensions, values) {
      guard let spec = entry.parameter(named: dimension.name) else { continue }
      if case .choice(let names) = spec.domain {
        let index = min(max(Int(value.rounded()), 0), names.count - 1)
        result[dimension.name] = .choice(names[index])
      } else {
        result[dimension.name] = .number(value)
      }
    }
    return result
  }

  /// The predictor for one trial's parameter values.
  ///
  /// Values come from the search space (inside the declared ranges) or were checked when
  /// parsed, so they go to the entry's builder directly, with the declared defaults filled in.
  /// (On main, ``PredictorCatalogEntry/configure(values:)`` re-parses a flag's number as "0.0",
  /// which its flag parser refuses; this path does not depend on that.)
  public func configure(_ values: [Double]) throws(PredictorCatalogError) -> CatalogPredictor {
    var all = assignments(values)
    for spec in entry.parameters where all[spec.name] == nil { all[spec.name] = spec.defaultValue }
    return try entry.build(ParameterValues(all))
  }

  /// The unit-cube point of the declared defaults (clamped into a narrowed range), where
  /// Nelder–Mead starts.
  public var defaultUnitPoint: [Double] {
    let values = space.dimensions.map { dimension in
      let value: Double
      switch (entry.parameter(named: dimension.name)?.defaultValue, entry.parameter(named: dimension.name)?.domain) {
      case (.choice(let name)?, .choice(let names)?): value = Double(names.firstIndex(of: name) ?? 0)
      case (.number(let v)?, _): value = v
      default: value = dimension.lowerBound
      }
      return min(max(value, dimension.lowerBound), dimension.upperBound)
    }
    // Through the space, so that a ramp's low end is placed within the range below its high end.
    let point = space.unitPoint(of: values)
    return zip(space.dimensions, zip(values, point)).map { dimension, pair in
      guard entry.parameter(named: dimension.name) != nil else { return 0.5 }
      if dimension.scale == .log, pair.0 <= 0 { return 0 }
      return min(max(pair.1, 0), 1)
    }
  }
}
