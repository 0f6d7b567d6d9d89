/** tests/support/node-environment.js: what a test file's own listeners hear, as in a real process. */
const grpcTeardown = (): Error =>
  Object.assign(new Error("Resource monitor is terminating"), {
    code: 14,
    details: "shut down",
    metadata: {},
  });

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 20));
}

test("a gRPC teardown rejection reaches the file's own unhandledRejection listener, as in a real process", async () => {
  const heard: unknown[] = [];
  const listener = (reason: unknown): void => {
    heard.push(reason);
  };
  process.on("unhandledRejection", listener);
  try {
    const err = grpcTeardown();
    void Promise.reject(err);
    await settle();
    expect(heard).toEqual([err]);
  } finally {
    process.off("unhandledRejection", listener);
  }
});

test("any other rejection still goes to Jest, not to the file's listener", async () => {
  const heard: unknown[] = [];
  const listener = (reason: unknown): void => {
    heard.push(reason);
  };
  process.on("unhandledRejection", listener);
  try {
    // Handled a moment later: Jest takes it off the test's list when it is handled (rejectionHandled).
    const p = Promise.reject(new Error("plain"));
    await settle();
    p.catch(() => undefined);
    await settle();
    expect(heard).toEqual([]);
  } finally {
    process.off("unhandledRejection", listener);
  }
});
