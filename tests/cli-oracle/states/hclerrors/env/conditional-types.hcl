values {
  a = true ? {b = 1} : [1]
}
