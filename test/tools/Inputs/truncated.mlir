tt.func public @truncated(%x: !tt.ptr<f32>) {
  %0 = tt.load %x : !tt.ptr<f32>
