import { beforeEach } from 'vitest';

// A journey that fails and then passes on its retry is reported as passed, and the reporter drops
// the first attempt's error. That error is the only trace of a flake, so it goes to the log here
// (stderr, under the test's name) for whoever reads a CI run that passed with "retry x1".
beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    const errors = (task.result?.errors ?? [])
      .map((e) => [e.stack ?? e.message, e.diff].filter(Boolean).join('\n'))
      .join('\n');
    console.error(`attempt ${attempt} of "${task.name}" failed:\n${errors}`);
  });
});
