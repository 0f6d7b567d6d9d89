values {
  a = length(1)
}
