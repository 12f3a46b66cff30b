module {
  tt.func public @k() {
    tt.return
  }
}
