import LookaheadKit

/// A command whose `--jobs` bounds its loading as well as its work: ``LookaheadCommand/main()``
/// runs it with ``LoadingJobs/limit`` bound to that value, so `--jobs 1` reads files one at a time
/// on one core (issue 21).
protocol LoadingJobsCommand {
  /// The command's `--jobs`; `nil`: every core.
  var loadingJobs: Int? { get }
}

extension EvaluateCommand: LoadingJobsCommand { var loadingJobs: Int? { options.jobs } }
extension CompareCommand: LoadingJobsCommand { var loadingJobs: Int? { options.jobs } }
extension SweepCommand: LoadingJobsCommand { var loadingJobs: Int? { options.jobs } }
extension TuneCommand: LoadingJobsCommand { var loadingJobs: Int? { jobs } }
extension TrainCommand: LoadingJobsCommand { var loadingJobs: Int? { jobs } }
