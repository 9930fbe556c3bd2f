import LookaheadRuntime

extension Henze2017Protocol {
  /// When the j events ahead of a window's newest position are assumed to arrive, which sets the
  /// time a predictor is asked for. The protocol counts events, not time, so a predictor that
  /// takes a time needs one: two causal estimates and the target row's recorded time are in use,
  /// kept apart by name because each table was published with its own:
  public enum EventTiming: Sendable, Hashable {
    /// At the window's last input interval, `t₁₀ + j·Δt₁₀`: `--protocol henze2017`, where linear
    /// extrapolation then is exactly the paper's "last step × j".
    case lastInterval
    /// At the window's mean input interval, `t₁₀ + j·t₁₀/10`: the learned-linear and MLP
    /// leave-one-participant-out comparisons (``Henze2017Comparison``,
    /// ``Henze2017MLPComparison``), whose models were trained and reported with it.
    case meanInterval
    /// At the target row's own time, `t₁₀ + Σ Δt₁₁…₁₀₊ⱼ` (``Henze2017Protocol/Window/targetDtMilliseconds``):
    /// `train --henze2017 --family mlp --henze-horizon target-time`, the time the published
    /// networks were given and an app knows as the time it predicts for.
    case targetTime
  }
}

extension Henze2017Protocol.Window {
  /// Resets `predictor` and feeds it the window's 11 positions, the first at the origin and
  /// time 0, each next one displaced by an input step at its cumulative time (seconds): the one
  /// way every Henze 2017 comparison feeds a window. Returns the newest position, `t₁₀`.
  @discardableResult
  public func feed<P: Predictor>(to predictor: inout P) -> PointerSample {
    predictor.reset()
    var x = 0.0
    var y = 0.0
    var t = 0.0
    predictor.observe(PointerSample(time: t, x: x, y: y))
    for step in inputs {
      x += step.dx
      y += step.dy
      t += step.dtMilliseconds / 1000
      predictor.observe(PointerSample(time: t, x: x, y: y))
    }
    return PointerSample(time: t, x: x, y: y)
  }

  /// Seconds from the newest position (at `newestTime`, as ``feed(to:)`` returns it) to the
  /// position `eventsAhead` events later, under `timing`.
  public func horizonSeconds(eventsAhead: Int, newestTime: Double, timing: Henze2017Protocol.EventTiming) -> Double {
    switch timing {
    case .lastInterval: Double(eventsAhead) * ((inputs.last?.dtMilliseconds ?? 0) / 1000)
    case .meanInterval: Double(eventsAhead) * newestTime / Double(inputs.count)
    case .targetTime: targetDtMilliseconds / 1000
    }
  }
}
