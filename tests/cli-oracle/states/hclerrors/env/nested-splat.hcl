values {
  a = [{b = [1]}].*.*
}
