/* Preloaded by scripts/test-sanitizers.sh: dlclose does nothing, so the
   libraries the GL driver loads stay mapped at exit and LeakSanitizer can
   name them in its reports (and tests/lsan.supp can match them by name). */
int dlclose(void* handle) {
  (void)handle;
  return 0;
}
