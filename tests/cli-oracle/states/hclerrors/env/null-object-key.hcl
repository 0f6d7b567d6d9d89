values {
  a = {(null) = 1}
}
