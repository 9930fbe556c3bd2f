import LookaheadKit

/// A command whose `--jobs` bounds its loading as well as its work: ``LookaheadCommand/main()``
/// runs it with ``LoadingJobs/limit`` bound to that value, so `--jobs 1` reads files one at a time
/// on one core (issue 21).
protocol LoadingJobsCommand {
  /// The command's `--jobs`; `nil`: every core.
  var loadingJobs: Int? { get }
}

extension EvaluateCommand: LoadingJobsCommand { var loadingJobs: Int? { options.jobs.limit } }
extension CompareCommand: LoadingJobsCommand { var loadingJobs: Int? { options.jobs.limit } }
extension SweepCommand: LoadingJobsCommand { var loadingJobs: Int? { options.jobs.limit } }
extension TuneCommand: LoadingJobsCommand { var loadingJobs: Int? { jobs.limit } }
extension TrainCommand: LoadingJobsCommand { var loadingJobs: Int? { jobs.limit } }
/// One worker per core: a worker loads on one core too unless `--jobs` says otherwise.
extension WorkerCommand: LoadingJobsCommand { var loadingJobs: Int? { jobs.limit ?? 1 } }
