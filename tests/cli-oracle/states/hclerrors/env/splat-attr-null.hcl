values {
  a = [null][*].b
}
