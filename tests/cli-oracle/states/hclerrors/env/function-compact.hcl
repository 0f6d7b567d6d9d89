values {
  a = compact(1)
}
