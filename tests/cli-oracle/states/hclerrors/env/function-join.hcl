values {
  a = join(",", [[1]])
}
